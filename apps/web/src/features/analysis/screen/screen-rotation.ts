import { useEffect, useState } from 'react';

/**
 * 轮播 of the granted screens: a viewer's own choice (on/off and the seconds per screen), kept in this
 * browser. The screens' settings (画像 entries) are the administrator's and say what a screen shows, not
 * how long a wall display lingers on it, so the rotation is the viewer's setting, not theirs.
 */
export const ROTATION_KEY = 'eduqa.dataScreen.rotation';
/** The intervals offered, in seconds; the figures refresh every minute, so a screen may show a while. */
export const ROTATION_INTERVALS = [10, 30, 60, 120, 300] as const;

export interface RotationSetting {
  enabled: boolean;
  seconds: number;
}

export const DEFAULT_ROTATION: RotationSetting = { enabled: false, seconds: 30 };

/** The stored setting, or the default for anything missing, unreadable or not an offered interval. */
export function parseRotation(raw: string | null): RotationSetting {
  if (!raw) return DEFAULT_ROTATION;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULT_ROTATION;
    const { enabled, seconds } = value as Record<string, unknown>;
    const isOffered = (ROTATION_INTERVALS as readonly unknown[]).includes(seconds);
    return {
      enabled: enabled === true,
      seconds: isOffered ? (seconds as number) : DEFAULT_ROTATION.seconds,
    };
  } catch {
    return DEFAULT_ROTATION;
  }
}

/** The screen after `currentId` in the granted order, the first after the last; null when none or one. */
export function nextScreenId(ids: readonly string[], currentId: string | null): string | null {
  if (ids.length < 2) return null;
  const at = currentId === null ? -1 : ids.indexOf(currentId);
  return ids[(at + 1) % ids.length]!;
}

/** Formats an interval for the selector: 30秒, 2分钟. */
export const intervalLabel = (seconds: number) => (seconds < 60 ? `${seconds}秒` : `${seconds / 60}分钟`);

function readRotation(): RotationSetting {
  try {
    return parseRotation(window.localStorage.getItem(ROTATION_KEY));
  } catch {
    return DEFAULT_ROTATION;
  }
}

/** The rotation setting of this browser, and its setter (which stores it; a full storage only loses the memory). */
export function useRotationSetting(): [RotationSetting, (next: RotationSetting) => void] {
  const [setting, setSetting] = useState(readRotation);
  const update = (next: RotationSetting) => {
    setSetting(next);
    try {
      window.localStorage.setItem(ROTATION_KEY, JSON.stringify(next));
    } catch {
      // Private windows may refuse storage: the choice still holds for this visit.
    }
  };
  return [setting, update];
}

/**
 * While the rotation is on and there are two screens or more, moves to the next screen every
 * `seconds`. The timer restarts whenever the screen changes, so a screen picked by hand gets its full
 * interval too.
 */
export function useScreenRotation(input: {
  ids: readonly string[];
  currentId: string | null;
  setting: RotationSetting;
  onNext: (id: string) => void;
}) {
  const { ids, currentId, setting, onNext } = input;
  const next = setting.enabled ? nextScreenId(ids, currentId) : null;
  useEffect(() => {
    if (next === null) return;
    const timer = window.setTimeout(() => onNext(next), setting.seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [next, setting.seconds, onNext]);
}

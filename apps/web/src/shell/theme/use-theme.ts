import { useSyncExternalStore } from 'react';
import { notify } from '../../shared/ui/feedback.tsx';
import { parseTheme, THEME_KEY, type ThemeName } from './theme.ts';

const listeners = new Set<() => void>();

function readTheme(): ThemeName {
  try {
    return parseTheme(window.localStorage.getItem(THEME_KEY));
  } catch {
    return parseTheme(null);
  }
}

let current = readTheme();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab switching the theme updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY) return;
    current = parseTheme(event.newValue);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setTheme(theme: ThemeName): void {
  try {
    window.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Spec 1 §8: 'Failed to update theme'. The choice still applies to this page.
    notify.error('主题更新失败');
  }
  current = theme;
  for (const listener of listeners) listener();
}

export function useTheme(): ThemeName {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

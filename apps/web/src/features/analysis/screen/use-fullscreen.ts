import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * 全屏 of one element through the Fullscreen API: whether it is the fullscreen element now (Esc or F11
 * leaving it is noticed through `fullscreenchange`), and a toggle that enters or exits.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [isFullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);

  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await target.current?.requestFullscreen();
    } catch {
      // A browser may refuse (no user gesture, iframe without allowfullscreen): the page stays as it is.
    }
  }, [target]);

  const isSupported = typeof document !== 'undefined' && document.fullscreenEnabled !== false;
  return { isFullscreen, isSupported, toggle };
}

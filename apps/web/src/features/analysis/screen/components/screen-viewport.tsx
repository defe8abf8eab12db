import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { fitScreen } from '../screen-scale.ts';

/**
 * The window below the header, dark, holding the 1920×1080 stage scaled to fit it whole (letterboxed,
 * centred). The stage keeps its design size in CSS pixels, so every panel and chart lays out as designed
 * and the transform alone adapts it to the window.
 */
export function ScreenViewport({
  top,
  viewportRef,
  children,
}: {
  top: number;
  /** The viewport element, for 全屏: in fullscreen it fills the display and the stage fits that. */
  viewportRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = viewportRef ?? ownRef;
  const [space, setSpace] = useState({ width: 0, height: 0 });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSpace({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  const fit = fitScreen(space);
  return (
    <div
      ref={ref}
      className="ds-viewport"
      style={{ '--ds-top': `${top}px` } as CSSProperties}
      data-testid="data-screen"
    >
      <div
        className="ds-stage"
        style={{
          transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
          visibility: fit.scale > 0 ? 'visible' : 'hidden',
        }}
      >
        {children}
      </div>
    </div>
  );
}

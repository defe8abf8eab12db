import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { idParam } from './use-url-filters.ts';

/** The parameter a message's link opens an object with (`noticeLinks` of the contract: `?open=ID`). */
export const OPEN_PARAM = 'open';

/**
 * Opens the object a link names (`#/report/list?open=ID`) once, as the page's own row click does, and
 * takes `open` out of the address first (replacing the entry), so that Back and a reload show the list
 * instead of opening the object again and again. An id that is not one is dropped without opening; an
 * object the person may not read opens to the page's usual refusal.
 */
export function useOpenParam(open: (id: string) => void): void {
  const [params, setParams] = useSearchParams();
  const raw = params.get(OPEN_PARAM);
  const onOpen = useRef(open);
  onOpen.current = open;
  // React's development double effect must not open twice: the id being handled is remembered until the
  // address has dropped it (then the same link may open it again).
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (raw === null) {
      handled.current = null;
      return;
    }
    if (handled.current === raw) return;
    handled.current = raw;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_PARAM);
        return next;
      },
      { replace: true },
    );
    const id = idParam(raw);
    if (id !== undefined) onOpen.current(id);
  }, [raw, setParams]);
}

import { useState } from 'react';

/**
 * State of a dialog opened for a target (a row, or `null` for "new"). Each opening gets a new key,
 * so the dialog's form starts from that target instead of what was typed last time, while closing
 * keeps the key and with it the closing animation.
 */
export function useDialog<T>() {
  const [state, setState] = useState<{ open: boolean; target: T | null; key: number }>({
    open: false,
    target: null,
    key: 0,
  });
  return {
    ...state,
    show: (target: T | null = null) => setState((s) => ({ open: true, target, key: s.key + 1 })),
    hide: () => setState((s) => ({ ...s, open: false })),
  };
}

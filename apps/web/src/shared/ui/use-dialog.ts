import { useState } from 'react';

/**
 * State of a dialog opened for a target (a row, or `null` for "new"). Closing keeps the target, so
 * the dialog still shows it during the closing animation.
 */
export function useDialog<T>() {
  const [state, setState] = useState<{ open: boolean; target: T | null }>({ open: false, target: null });
  return {
    ...state,
    show: (target: T | null = null) => setState({ open: true, target }),
    hide: () => setState((s) => ({ ...s, open: false })),
  };
}

import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The few DOM steps the report screens' component tests need, on happy-dom with React's own `act`: render,
 * type, click, wait. A copy of the forms feature's helpers (a feature may not reach into another's files).
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(ui));
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Sets an input's value as typing would, through the native setter React watches. */
export async function typeInto(element: Element | null, text: string) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
    throw new Error('not an input');
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    element.focus();
    setter?.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element | null) {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
  await act(async () => element.click());
}

/** The first element of a selector whose text contains `text`. */
export function byText(root: ParentNode, selector: string, text: string): HTMLElement | null {
  return (
    [...root.querySelectorAll<HTMLElement>(selector)].find((el) => el.textContent?.includes(text)) ?? null
  );
}

export async function wait(ms: number) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

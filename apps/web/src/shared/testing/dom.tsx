import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Modal, message, notification } from 'antd';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach } from 'vitest';

/**
 * The few DOM steps the features' component tests need, on happy-dom with React's own `act`: render,
 * type, leave a field, press keys, click. Events are the ones React listens to (input, focusout, keydown, click).
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Every root still mounted when a test ends is unmounted, the roots antd's static dialogs and toasts made
 * for themselves included: left mounted, React's scheduler can run after the file's DOM is torn down and
 * fail the whole run with 「window is not defined」 (a 设为当前版本？ confirm did, in CI).
 */
const mounted = new Set<() => void>();

/**
 * antd's static toasts, notifications and dialogs live in roots of their own, outside the test's tree: without
 * motion, destroying them in the cleanup below ends them inside its act. With motion, a toast's leaving
 * animation ended after the file had finished, and its React update, logged while the worker closed, failed
 * a CI run (「Closing rpc while "onUserConsoleLog" was pending」).
 */
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>
  ),
});
afterEach(async () => {
  for (const unmount of mounted) unmount();
  await act(async () => {
    Modal.destroyAll();
    message.destroy();
    notification.destroy();
  });
});
/** Work React scheduled while the last test closed things runs while there is still a window. */
afterAll(async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
});

export async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(ui));
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
  };
  mounted.add(unmount);
  return { container, unmount };
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

export async function leave(element: Element | null) {
  if (!element) throw new Error('nothing to leave');
  await act(async () => {
    element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

export async function keyDown(target: Element | null, init: KeyboardEventInit) {
  if (!target) throw new Error('nothing to press keys on');
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));
  });
}

/** One step of an HTML5 drag; the same DataTransfer carries the payload from dragstart to drop. */
export async function drag(target: Element | null, type: 'dragstart' | 'drop', dataTransfer: DataTransfer) {
  if (!target) throw new Error('nothing to drag');
  await act(async () => {
    const event = new DragEvent(type, { bubbles: true, cancelable: true });
    // happy-dom's DragEvent ignores the dataTransfer of its init: set it as a browser would.
    Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
    target.dispatchEvent(event);
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

/**
 * `render` inside what a screen needs from the app: its own query client (no retries: a refusal shows
 * at once) and buttons without the space antd puts between two Chinese characters, as in the app.
 */
export function renderWithQueries(
  ui: ReactNode,
  queries = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={queries}>
      <ConfigProvider button={{ autoInsertSpace: false }}>{ui}</ConfigProvider>
    </QueryClientProvider>,
  );
}

/** Waits until the screen shows what a test waits for (answers and validation are async; slow on a busy machine). */
export async function until(isThere: () => boolean, tries = 80) {
  for (let i = 0; i < tries && !isThere(); i++) await wait(25);
}

/** The text of each cell of each row of a table. */
export const tableCells = (container: ParentNode) =>
  [...container.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((td) => td.textContent),
  );

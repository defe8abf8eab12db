import type { Page } from '@playwright/test';

/**
 * antd's messages stay three seconds. Under CI's load a journey's check could start after one had come and
 * gone (the action had succeeded, the check failed). The page itself writes down every message it shows, so
 * that `toast()` reads that list instead of catching the message on screen.
 */
interface Recorded {
  text: string;
  at: number;
}

declare global {
  interface Window {
    __eduqaToasts?: Recorded[];
  }
}

/** How long a recorded message counts: older ones belong to earlier steps, not to the action just taken. */
const FRESH_MS = 15_000;

/** The wait for a message after its action: a little longer than expect's, for CI's load. */
const DEFAULT_WAIT_MS = 20_000;

const recording = new WeakSet<Page>();

function installRecorder() {
  if (window.__eduqaToasts) return;
  const list: Recorded[] = [];
  window.__eduqaToasts = list;
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('.ant-message .ant-message-notice')) {
      const text = notice.textContent?.trim() ?? '';
      // Read again on a later mutation if React has not written the text yet.
      if (seen.has(notice) || !text) continue;
      seen.add(notice);
      list.push({ text, at: Date.now() });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** From now on the page records its messages, in this document and every one it loads later. */
export async function recordToasts(page: Page) {
  if (recording.has(page)) return;
  recording.add(page);
  await page.addInitScript(installRecorder);
  if (page.url().startsWith('http')) await page.evaluate(installRecorder);
}

/**
 * Waits for a recorded message with exactly `text` (or matching it), shown at most FRESH_MS ago, and takes it
 * with every message recorded before it: a later check of the same text needs a message of its own.
 * False when the page records nothing (not signed in through session.ts): the caller looks on screen.
 */
export async function takeToast(
  page: Page,
  text: string | RegExp,
  timeout = DEFAULT_WAIT_MS,
): Promise<boolean> {
  if (!recording.has(page)) return false;
  // A RegExp does not cross into the page: its source and flags do; a text is matched whole.
  const pattern =
    typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;
  const wanted = { source: pattern.source, flags: pattern.flags };
  try {
    await page.waitForFunction(
      ({ wanted, freshMs }) => {
        const list = window.__eduqaToasts ?? [];
        const matching = new RegExp(wanted.source, wanted.flags);
        const index = list.findIndex(
          (entry) => matching.test(entry.text) && Date.now() - entry.at <= freshMs,
        );
        if (index < 0) return false;
        list.splice(0, index + 1);
        return true;
      },
      { wanted, freshMs: FRESH_MS },
      { polling: 100, timeout },
    );
  } catch (error) {
    const shown = await page.evaluate(() => window.__eduqaToasts?.map((entry) => entry.text)).catch(() => []);
    throw new Error(`no message 「${text}」 within ${timeout} ms; not yet taken: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
  return true;
}

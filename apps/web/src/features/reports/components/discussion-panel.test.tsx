// @vitest-environment happy-dom
import type { Discussion } from '@eduqa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { DiscussionPanel } from './discussion-panel.tsx';

const api = vi.hoisted(() => ({
  discuss: vi.fn(),
  thread: { current: {} as { data?: Discussion[]; isLoading?: boolean; isError?: boolean; error?: Error } },
}));
// The toast after a message is sent is antd's; it would render after the test has ended.
vi.mock('../../../shared/ui/feedback.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../api.ts', () => ({
  reportKeys: { discussions: (id: string) => ['reports', 'discussions', id] },
  discuss: api.discuss,
  useDiscussions: () => ({ isLoading: false, isError: false, error: null, ...api.thread.current }),
}));

const message = (patch: Partial<Discussion>): Discussion => ({
  id: 'm1',
  userName: '张三',
  content: '数据来源请补充说明',
  replyToId: null,
  replyToName: null,
  isMine: false,
  createdAt: '2026-03-02 10:00:00',
  ...patch,
});

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.discuss.mockReset().mockResolvedValue({});
  api.thread.current = { data: [] };
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function show(canDiscuss: boolean) {
  const view = await renderWithQueries(<DiscussionPanel reportId="r1" canDiscuss={canDiscuss} />);
  cleanup = view.unmount;
  return view.container;
}

const box = () => document.querySelector('textarea[aria-label="讨论内容"]');
const sendButton = () => byText(document.body, 'button', '发表') as HTMLButtonElement | null;

describe('the discussion of a report', { timeout: 20_000 }, () => {
  it('says whether the thread is loading, empty or failed', async () => {
    api.thread.current = { isLoading: true };
    expect((await show(true)).textContent).toContain('加载中…');
    cleanup?.();
    api.thread.current = { data: [] };
    expect((await show(true)).textContent).toContain('暂无讨论');
    cleanup?.();
    api.thread.current = { isError: true, error: new Error('报告不存在') };
    expect((await show(true)).textContent).toContain('报告不存在');
  });

  it('shows a reader who may not discuss the thread without a box or a reply', async () => {
    api.thread.current = { data: [message({})] };
    const container = await show(false);
    expect(container.textContent).toContain('数据来源请补充说明');
    expect(box()).toBeNull();
    expect(byText(container, 'button', '回复')).toBeNull();
  });

  it('sends nothing blank, and a reply names the message it answers', async () => {
    api.thread.current = { data: [message({}), message({ id: 'm2', userName: '李四', isMine: true })] };
    const container = await show(true);
    expect(container.textContent).toContain('我');
    await typeInto(box(), '   ');
    expect(sendButton()?.disabled).toBe(true);
    await click(byText(container, 'button', '回复'));
    expect(container.textContent).toContain('回复 张三');
    await typeInto(box(), ' 已补充，见附件 ');
    await click(sendButton());
    await wait(20);
    expect(api.discuss).toHaveBeenCalledWith('r1', { content: '已补充，见附件', replyToId: 'm1' });
    expect((box() as HTMLTextAreaElement).value).toBe('');
    expect(container.textContent).not.toContain('回复 张三');
  });
});

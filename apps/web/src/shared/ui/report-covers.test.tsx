// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, typeInto, wait } from '../testing/dom.tsx';
import { type ReportCover, ReportCovers } from './report-covers.tsx';

// antd's toast renders after the test has ended (outside act); the toast's text is what matters here.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('./feedback.tsx', async (original) => ({
  ...(await original<typeof import('./feedback.tsx')>()),
  notify: toast,
}));

const COVERS: ReportCover[] = [
  {
    id: 'c1',
    title: '年度报告',
    subtitle: '',
    schoolName: '第一中学',
    isDefault: true,
    creatorName: '张老师',
    createdAt: '2026-03-01 09:00:00',
  },
  {
    id: 'c2',
    title: '专项报告',
    subtitle: '春季',
    schoolName: '第一中学',
    isDefault: false,
    creatorName: '李老师',
    createdAt: '2026-03-02 09:00:00',
  },
];

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function open({ canManage, hasCreator = false }: { canManage: boolean; hasCreator?: boolean }) {
  const calls = {
    insert: vi.fn(async () => null),
    remove: vi.fn(async () => null),
    setDefault: vi.fn(async () => null),
  };
  const view = await renderWithQueries(
    <ReportCovers
      page={{ data: { records: COVERS, total: COVERS.length }, isLoading: false, error: null }}
      pageNum={1}
      onPageChange={() => {}}
      canManage={canManage}
      hasCreator={hasCreator}
      invalidates={['covers']}
      titlePlaceholder="请输入封面标题"
      limits={{ title: 8, subtitle: 8, schoolName: 8 }}
      {...calls}
    />,
  );
  cleanup = view.unmount;
  return { container: view.container, ...calls };
}

const headers = (root: ParentNode) => [...root.querySelectorAll('thead th')].map((th) => th.textContent);
const switchOf = (title: string) =>
  document.querySelector<HTMLButtonElement>(`button[role="switch"][aria-label="默认封面 ${title}"]`);
const rowOf = (root: ParentNode, title: string) => byText(root, 'tbody tr', title);

describe('ReportCovers', () => {
  it('offers a manager 新增封面 and 删除, and the default switch on every cover but the default', async () => {
    const { container, setDefault } = await open({ canManage: true, hasCreator: true });
    expect(headers(container)).toEqual([
      '封面标题',
      '副标题',
      '学校名称',
      '默认封面',
      '创建人',
      '创建时间',
      '操作',
    ]);
    expect(byText(container, 'button', '新增封面')).not.toBeNull();
    expect(rowOf(container, '年度报告')?.querySelectorAll('td')[1]?.textContent).toBe('—');

    expect(switchOf('年度报告')?.disabled).toBe(true);
    expect(switchOf('专项报告')?.disabled).toBe(false);
    await click(switchOf('专项报告'));
    expect(setDefault).toHaveBeenCalledWith('c2');
    expect(toast.success).toHaveBeenCalledWith('已将「专项报告」设为默认封面');
  });

  it('warns before deleting the default cover that another becomes the default', async () => {
    const { container, remove } = await open({ canManage: true });
    await click(byText(rowOf(container, '年度报告') ?? container, 'button', '删除'));
    const confirm = document.querySelector('.ant-popconfirm');
    expect(confirm?.textContent).toContain('确定删除封面「年度报告」吗？');
    expect(confirm?.textContent).toContain('这是默认封面，删除后最新的另一个封面成为默认。');
    await click(byText(confirm ?? document, '.ant-popconfirm-buttons button', '删除'));
    expect(remove).toHaveBeenCalledWith('c1');
  });

  it('asks plainly before deleting a cover that is not the default', async () => {
    const { container, remove } = await open({ canManage: true });
    await click(byText(rowOf(container, '专项报告') ?? container, 'button', '删除'));
    const confirm = [...document.querySelectorAll('.ant-popconfirm')].find((p) =>
      p.textContent?.includes('专项报告'),
    );
    expect(confirm?.textContent).toContain('确定删除封面「专项报告」吗？');
    expect(confirm?.textContent).not.toContain('默认封面');
    await click(byText(confirm ?? document, '.ant-popconfirm-buttons button', '删除'));
    expect(remove).toHaveBeenCalledWith('c2');
  });

  it('shows a reader the covers without any button, every switch disabled', async () => {
    const { container } = await open({ canManage: false });
    expect(headers(container)).toEqual(['封面标题', '副标题', '学校名称', '默认封面', '创建时间']);
    expect(byText(container, 'button', '新增封面')).toBeNull();
    expect(byText(container, 'button', '删除')).toBeNull();
    expect(switchOf('年度报告')?.disabled).toBe(true);
    expect(switchOf('专项报告')?.disabled).toBe(true);
  });

  it('checks the new cover against the limits, then sends it trimmed', async () => {
    const { container, insert } = await open({ canManage: true });
    await click(byText(container, 'button', '新增封面'));
    const dialog = () => document.querySelector('.ant-modal') ?? document.body;
    const ok = () => byText(dialog(), '.ant-modal-footer button', '确定');

    await click(ok());
    await wait(50);
    expect(dialog().textContent).toContain('请输入封面标题');
    expect(dialog().textContent).toContain('请输入学校名称');

    await typeInto(dialog().querySelector('#title'), '一个超过八个字的封面标题');
    await typeInto(dialog().querySelector('#schoolName'), ' 第二中学 ');
    await click(ok());
    await wait(50);
    expect(dialog().textContent).toContain('封面标题最多只能输入8个字符');
    expect(insert).not.toHaveBeenCalled();

    await typeInto(dialog().querySelector('#title'), ' 秋季报告 ');
    await click(ok());
    await wait(50);
    expect(insert).toHaveBeenCalledWith({ title: '秋季报告', subtitle: '', schoolName: '第二中学' });
  });
});

// @vitest-environment happy-dom
import { QUALITY_REPORT_MESSAGES, type ReportView } from '@eduqa/contract';
import { ConfigProvider } from 'antd';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { reportView } from '../testing/report-fixture.ts';
import { EditReportModal, ExpertsModal, expertOptions, ShareModal } from './report-modals.tsx';

const api = vi.hoisted(() => ({ updateReport: vi.fn(), assignExperts: vi.fn(), shareReport: vi.fn() }));
vi.mock('../api.ts', () => ({
  ...api,
  useExpertCandidates: () => ({
    data: [
      { id: 'e1', name: '周教授', departmentName: '教务处', kind: 'inSchool' },
      { id: 'e2', name: '吴研究员', departmentName: '', kind: 'outside' },
    ],
    isLoading: false,
  }),
  useTemplates: () => ({ data: { records: [{ id: 'tpl1', name: '年度模板' }] }, isLoading: false }),
  useCovers: () => ({ data: { records: [] }, isLoading: false }),
}));
vi.mock('../../org/index.ts', () => ({
  usePersonSearch: () => ({ options: [] }),
  useDepartments: () => ({
    data: { rows: [{ departmentId: 'd1', departmentName: '信息工程学院' }] },
    isLoading: false,
  }),
}));

/** useAction's part: run the work, and report whether it succeeded. */
const act = vi.fn(async (work: () => Promise<unknown>) => {
  await work();
  return true;
});

let cleanup: (() => void) | null = null;
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset().mockResolvedValue({});
  act.mockClear();
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

type Dialog = ComponentType<{
  view: ReportView;
  open: boolean;
  onClose: () => void;
  act: typeof act;
}>;

async function open(Dialog: Dialog, patch: Partial<ReportView> = {}) {
  const onClose = vi.fn();
  const view = await render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <Dialog view={reportView(patch)} open onClose={onClose} act={act} />
    </ConfigProvider>,
  );
  cleanup = view.unmount;
  return onClose;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
async function confirm() {
  await click(byText(document.body, 'button', '确定'));
  await wait(50);
}

describe('the edit report dialog', { timeout: 20_000 }, () => {
  it('asks for a name and refuses one longer than 60 characters', async () => {
    await open(EditReportModal);
    await typeInto(document.querySelector('input#name'), '  ');
    await confirm();
    expect(errors()).toEqual(['请输入报告名称']);
    await typeInto(document.querySelector('input#name'), '长'.repeat(61));
    await confirm();
    // The earlier message may still be fading out, and antd validates after a tick that a busy machine
    // stretches: the new message must come within two seconds.
    for (let i = 0; i < 100 && !errors().includes('报告名称最多只能输入60个字符'); i++) await wait(20);
    expect(errors()).toContain('报告名称最多只能输入60个字符');
    expect(api.updateReport).not.toHaveBeenCalled();
  });

  it('keeps the report’s template and sends the name trimmed', async () => {
    const onClose = await open(EditReportModal, { templateId: 'tpl1' });
    await typeInto(document.querySelector('input#name'), ' 期中诊断报告 ');
    await confirm();
    expect(api.updateReport).toHaveBeenCalledWith({
      id: 'r1',
      name: '期中诊断报告',
      templateId: 'tpl1',
      coverId: undefined,
    });
    expect(act).toHaveBeenCalledWith(expect.any(Function), '报告已修改');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the expert assignment dialog', { timeout: 20_000 }, () => {
  it('asks for at least one expert', async () => {
    await open(ExpertsModal);
    await confirm();
    expect(errors()).toEqual([QUALITY_REPORT_MESSAGES.needExperts]);
    expect(api.assignExperts).not.toHaveBeenCalled();
  });

  it('starts from the experts assigned, even one no longer a candidate, and sends them', async () => {
    await open(ExpertsModal, { experts: [{ userId: 'e9', name: '离校专家', reviewed: false }] });
    expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('离校专家');
    await confirm();
    expect(api.assignExperts).toHaveBeenCalledWith('r1', ['e9']);
    expect(act).toHaveBeenCalledWith(expect.any(Function), '评审专家已分配');
  });
});

describe('the expert assignment dialog, removing', { timeout: 20_000 }, () => {
  const assigned = [
    { userId: 'e1', name: '周教授', reviewed: false },
    { userId: 'e9', name: '离校专家', reviewed: false },
  ];
  const tags = () =>
    [...document.querySelectorAll('.ant-select-selection-item')].map((e) => e.textContent?.trim());

  it('labels each expert 校内 or 校外', async () => {
    await open(ExpertsModal, { experts: assigned });
    expect(tags()).toEqual(['周教授（校内·教务处）', '离校专家']);
    const options = expertOptions(
      [
        { id: 'e1', name: '周教授', departmentName: '教务处', kind: 'inSchool' },
        { id: 'e2', name: '吴研究员', departmentName: '', kind: 'outside' },
      ],
      assigned,
    );
    expect(options.map((o) => o.label)).toEqual(['周教授（校内·教务处）', '吴研究员（校外）', '离校专家']);
  });

  it('keeps an assigned expert unless his removal is confirmed by name', async () => {
    await open(ExpertsModal, { experts: assigned });
    const removeIcons = document.querySelectorAll('.ant-select-selection-item-remove');
    await click(removeIcons[1] ?? null);
    await wait(50);
    expect(tags()).toEqual(['周教授（校内·教务处）']);
    expect(document.body.textContent).toContain('确认移除评审专家：离校专家');
    await confirm();
    expect(errors()).toContain('请确认移除评审专家：离校专家');
    expect(api.assignExperts).not.toHaveBeenCalled();

    await click(document.querySelector('input[type="checkbox"]'));
    await confirm();
    expect(api.assignExperts).toHaveBeenCalledWith('r1', ['e1']);
  });

  it('asks nothing when the experts are only added to', async () => {
    await open(ExpertsModal, { experts: [assigned[0]!] });
    expect(document.querySelector('input[type="checkbox"]')).toBeNull();
    await confirm();
    expect(api.assignExperts).toHaveBeenCalledWith('r1', ['e1']);
  });
});

describe('the share dialog', { timeout: 20_000 }, () => {
  it('says the shared may only read, and sends the earlier shares back unchanged', async () => {
    await open(ShareModal, {
      shares: { users: [{ id: 'u1', name: '李四' }], departments: [{ id: 'd9', name: '已撤销部门' }] },
    });
    expect(document.body.textContent).toContain('被分享的用户和部门成员可以查看报告，不能修改。');
    expect(document.body.textContent).toContain('已撤销部门');
    await confirm();
    expect(api.shareReport).toHaveBeenCalledWith('r1', { userIds: ['u1'], departmentIds: ['d9'] });
    expect(act).toHaveBeenCalledWith(expect.any(Function), '分享已保存');
  });
});

// @vitest-environment happy-dom
import { FILL_IMPORT, type FillTask, type FormDefinition, type KnownValues } from '@eduqa/contract';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors.ts';
import { byText, click, leave, renderWithQueries, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { AUTOSAVE_DELAY_MS } from '../widgets/autosave.ts';
import { FillPage } from './fill-page.tsx';

/** The page talks to the server only through api.ts; these stand in for the answers. */
const api = vi.hoisted(() => ({
  saveRecords: vi.fn(),
  commitFill: vi.fn(),
  refetch: vi.fn(),
  detail: { current: null as unknown },
}));
vi.mock('../api.ts', async (importOriginal) => ({
  formsKeys: { all: ['forms'] },
  fillImport: (await importOriginal<typeof import('../api.ts')>()).fillImport,
  saveRecords: api.saveRecords,
  commitFill: api.commitFill,
  checkUnique: vi.fn(async () => ({ isUnique: true, message: '' })),
  useFormOptions: () => ({ data: {} }),
  useFillTaskDetail: () => ({
    data: api.detail.current,
    isLoading: false,
    error: null,
    refetch: api.refetch,
  }),
}));

/** The import dialog is the shared one, which calls the client itself. */
const client = vi.hoisted(() => ({ call: vi.fn(), upload: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/api/client.ts')>()),
  call: client.call,
  upload: client.upload,
}));

const feedback = vi.hoisted(() => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
vi.mock('../../../shared/ui/feedback.tsx', () => feedback);

const definition: FormDefinition = {
  formType: 'floating',
  layout: 'normal',
  fields: [
    {
      key: 'name',
      label: '姓名',
      component: 'text',
      help: '',
      defaultValue: '',
      span: 12,
      validations: [{ type: 'require' }],
      options: null,
    },
    {
      key: 'title',
      label: '职称',
      component: 'text',
      help: '',
      defaultValue: '',
      span: 12,
      validations: [],
      options: null,
    },
  ],
};

const fillTask = (patch: Partial<FillTask> = {}): FillTask => ({
  id: 'f1',
  taskId: 't1',
  taskName: '2026秋季教师信息采集',
  taskState: 'normal',
  deadline: '2099-12-31 18:00:00',
  formId: 'form1',
  formName: '教师基本信息',
  allocationId: 'a1',
  departmentId: 'd02',
  departmentName: '教务处',
  fillerId: 'lvping',
  fillerName: '吕萍',
  state: 'uncommitted',
  rollbackReason: '',
  revision: 1,
  committedAt: null,
  auditedAt: null,
  ...patch,
});

function detailWith(patch: Partial<FillTask> = {}, known: KnownValues = {}, design = definition) {
  return {
    fillTask: fillTask(patch),
    formVersion: 1,
    definition: design,
    records: [
      { id: 'r1', data: { name: '吕萍', title: null }, parentId: null, links: [], sort: 0, revision: 1 },
    ],
    known,
  };
}

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.saveRecords.mockReset();
  api.commitFill.mockReset();
  api.refetch.mockReset();
  api.detail.current = detailWith();
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function open() {
  const view = await renderWithQueries(
    <MemoryRouter initialEntries={['/my-fills/f1']}>
      <Routes>
        <Route path="/my-fills/:id" element={<FillPage />} />
      </Routes>
    </MemoryRouter>,
  );
  cleanup = view.unmount;
  return view.container;
}

const input = (root: ParentNode, key: string) => root.querySelector(`[id="r1-${key}"]`);
const statusLine = (root: ParentNode) => root.querySelector('[aria-label="保存状态"]')?.textContent ?? '';

describe('fill page', { timeout: 30_000 }, () => {
  it('saves the draft once typing pauses, sending what changed and where it started', async () => {
    api.saveRecords.mockResolvedValue({ revision: 2, records: [{ id: 'r1', revision: 2 }] });
    const root = await open();
    await typeInto(input(root, 'title'), '教授');
    expect(api.saveRecords).not.toHaveBeenCalled();
    expect(statusLine(root)).toBe('有未保存的修改');
    await wait(AUTOSAVE_DELAY_MS + 200);
    expect(api.saveRecords).toHaveBeenCalledTimes(1);
    expect(api.saveRecords.mock.calls[0]?.[0]).toEqual({
      fillTaskId: 'f1',
      records: [
        {
          id: 'r1',
          data: { name: '吕萍', title: '教授' },
          base: { name: '吕萍', title: null },
          revision: 1,
          parentId: null,
          links: [],
          sort: 0,
        },
      ],
    });
    expect(statusLine(root)).toMatch(/^已保存 \d{2}:\d{2}:\d{2}$/);
  });

  it('saves at once when the filler leaves a field', async () => {
    api.saveRecords.mockResolvedValue({ revision: 2, records: [{ id: 'r1', revision: 2 }] });
    const root = await open();
    await typeInto(input(root, 'title'), '讲师');
    await leave(input(root, 'title'));
    await wait(50);
    expect(api.saveRecords).toHaveBeenCalledTimes(1);
  });

  it('stops saving on a conflict, names the changed fields and loads the latest on request', async () => {
    api.saveRecords.mockRejectedValue(
      new ApiError({
        kind: 'failed',
        message: '数据已被他人修改（字段：职称），请刷新后再保存',
        code: 40900,
        statusCode: 409,
        httpStatus: 409,
      }),
    );
    api.refetch.mockResolvedValue({});
    const root = await open();
    await typeInto(input(root, 'title'), '教授');
    await leave(input(root, 'title'));
    await wait(50);
    expect(document.body.textContent).toContain('数据已被他人修改（字段：职称）');
    expect(statusLine(root)).toBe('保存失败：数据已被他人修改');
    await typeInto(input(root, 'title'), '副教授');
    await leave(input(root, 'title'));
    await wait(50);
    expect(api.saveRecords).toHaveBeenCalledTimes(1);
    await click(byText(document.body, 'button', '载入最新'));
    await wait(10);
    expect(api.refetch).toHaveBeenCalledTimes(1);
  });

  it('commits after confirmation and puts the server refusal under its field', async () => {
    api.commitFill.mockRejectedValue(
      new ApiError({
        kind: 'failed',
        message: '「姓名」：该值已存在，不能重复！；采集任务即将截止',
        code: 40000,
        statusCode: 400,
        httpStatus: 400,
      }),
    );
    const root = await open();
    await click(byText(root, 'button', '提交'));
    await wait(50);
    const confirm = [...document.body.querySelectorAll<HTMLElement>('.ant-popover button')].find(
      (b) => b.textContent === '提交',
    );
    await click(confirm ?? null);
    await wait(100);
    expect(api.commitFill).toHaveBeenCalledWith('f1');
    const nameItem = input(root, 'name')?.closest('.ant-form-item');
    expect(nameItem?.textContent).toContain('该值已存在，不能重复！');
    expect(root.textContent).toContain('采集任务即将截止');
  });

  it('fills an empty field with the value the school holds, names its source, saves it and warns on a change', async () => {
    api.saveRecords.mockResolvedValue({ revision: 2, records: [{ id: 'r1', revision: 2 }] });
    const roster = { source: '数据仓库「教师信息」' };
    api.detail.current = detailWith(
      {},
      { name: { value: '吕平', ...roster }, title: { value: '讲师', ...roster } },
    );
    const root = await open();
    // 姓名 was typed already and stays; 职称 was empty and takes the roster's value.
    expect((input(root, 'name') as HTMLInputElement).value).toBe('吕萍');
    expect((input(root, 'title') as HTMLInputElement).value).toBe('讲师');
    const titleItem = () => input(root, 'title')?.closest('.ant-form-item')?.textContent ?? '';
    expect(titleItem()).toContain('已有数据来自数据仓库「教师信息」');
    expect(titleItem()).not.toContain('已修改');
    await wait(AUTOSAVE_DELAY_MS + 200);
    expect(api.saveRecords).toHaveBeenCalledTimes(1);
    expect(api.saveRecords.mock.calls[0]?.[0].records[0].data).toEqual({ name: '吕萍', title: '讲师' });
    await typeInto(input(root, 'title'), '副教授');
    expect(titleItem()).toContain('已修改，提交后将通知数据来源的负责人');
  });

  it('shows the rollback reason and is read-only once committed', async () => {
    api.detail.current = detailWith({ state: 'rollback', rollbackReason: '职称填写有误' });
    let root = await open();
    expect(root.textContent).toContain('退回原因：职称填写有误');
    expect(byText(root, 'button', '提交')).not.toBeNull();
    cleanup?.();
    api.detail.current = detailWith({ state: 'unaudited' });
    root = await open();
    expect(root.textContent).toContain('已提交，等待审核，不能修改');
    expect(byText(root, 'button', '提交')).toBeNull();
    expect((input(root, 'title') as HTMLInputElement | null)?.disabled).toBe(true);
  });

  it('imports the rows of a fixed form through the shared dialog as a job, then reloads the fill', async () => {
    api.detail.current = detailWith({}, {}, { ...definition, formType: 'fixed', layout: 'table' });
    api.refetch.mockResolvedValue(undefined);
    client.upload.mockResolvedValue({ taskId: 'job1' });
    client.call.mockImplementation(async (endpoint: { path: string }) =>
      endpoint.path === FILL_IMPORT.poll.path
        ? {
            taskId: 'job1',
            state: 'finished',
            progress: 100,
            message: '',
            result: { imported: true, count: 2, errors: [] },
            fileName: null,
          }
        : null,
    );
    const root = await open();
    await click(byText(root, 'button', '从 Excel 导入'));
    const dialog = document.body.querySelector('[role=dialog]');
    expect(dialog?.textContent).toContain('从 Excel 导入：教师基本信息');
    expect(dialog?.textContent).toContain('点击或拖入按模板填写的 Excel 文件；导入的行加在已填的行之后');
    expect(byText(document.body, 'button', '下载模板')).not.toBeNull();

    const file = document.body.querySelector<HTMLInputElement>('[role=dialog] input[type=file]')!;
    await act(async () => {
      Object.defineProperty(file, 'files', { value: [new File(['xlsx'], '项目.xlsx')], configurable: true });
      file.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await wait(50);
    await click(byText(document.body, '[role=dialog] button', '导入'));
    await wait(300);

    const [endpoint, form] = client.upload.mock.calls[0] as [{ path: string }, FormData];
    expect(endpoint.path).toBe(FILL_IMPORT.start.path);
    expect(form.get('fillTaskId')).toBe('f1');
    expect(feedback.notify.success).toHaveBeenCalledWith('已导入2行');
    expect(api.refetch).toHaveBeenCalledTimes(1);
    expect(document.body.querySelector('[role=dialog]')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { CONSTANT_IMPORT, type ConstantImportResult, type FutureTask } from '@eduqa/contract';
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, wait } from '../testing/dom.tsx';
import { ExcelImportModal, type ExcelImportTexts } from './excel-import-modal.tsx';

/** The dialog reaches the server only through the api client: these stand in for its answers. */
const client = vi.hoisted(() => ({ call: vi.fn(), upload: vi.fn(), download: vi.fn() }));
vi.mock('../api/client.ts', () => client);
const feedback = vi.hoisted(() => ({ notify: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../ui/feedback.tsx', () => feedback);

const texts: ExcelImportTexts<ConstantImportResult> = {
  title: '导入常量',
  noun: '数据',
  success: (answer) => `已导入${answer.count}个常量`,
  template: { text: '下载模板', fileName: '常量导入模板.xlsx' },
  hint: '点击或拖入 Excel 文件（列：常量类型编码、名称、值）',
};

const job = (patch: Partial<FutureTask>): FutureTask => ({
  taskId: 'job1',
  state: 'finished',
  progress: 100,
  message: '',
  result: null,
  fileName: null,
  ...patch,
});

/** The poll answers `ended`; acknowledging it answers null. */
function answerPolls(ended: FutureTask) {
  client.call.mockImplementation(async (endpoint: { path: string }) =>
    endpoint.path === CONSTANT_IMPORT.poll.path ? ended : null,
  );
}

let cleanup: (() => void) | null = null;
beforeEach(() => {
  client.call.mockReset();
  client.upload.mockReset().mockResolvedValue({ taskId: 'job1' });
  feedback.notify.success.mockReset();
  feedback.notify.error.mockReset();
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function open(onImported = vi.fn()) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await renderWithQueries(
    <ExcelImportModal<ConstantImportResult>
      open
      onClose={() => {}}
      endpoints={CONSTANT_IMPORT}
      texts={texts}
      fields={{ fillTaskId: 'f1' }}
      invalidates={[['forms']]}
      onImported={onImported}
    />,
    queries,
  );
  cleanup = view.unmount;
  return onImported;
}

/** Chooses a file in the drop area and presses 导入, then lets the job be polled to its end. */
async function importFile(name = '常量.xlsx') {
  const input = document.body.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  const file = new File(['xlsx'], name);
  await act(async () => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await wait(50);
  await click(byText(document.body, 'button', '导入'));
  await wait(200);
  return file;
}

describe('excel import modal', { timeout: 30_000 }, () => {
  it('uploads the fields and the file, polls the job and reports its result', async () => {
    answerPolls(job({ result: { imported: true, count: 3, errors: [] } }));
    const onImported = await open();
    expect(document.body.textContent).toContain('点击或拖入 Excel 文件（列：常量类型编码、名称、值）');
    const file = await importFile();

    const [endpoint, form] = client.upload.mock.calls[0] as [unknown, FormData];
    expect(endpoint).toBe(CONSTANT_IMPORT.start);
    expect(form.get('fillTaskId')).toBe('f1');
    expect((form.get('file') as File).name).toBe(file.name);
    expect(client.call).toHaveBeenCalledWith(
      CONSTANT_IMPORT.poll,
      expect.objectContaining({ query: { taskId: 'job1' } }),
    );
    expect(client.call).toHaveBeenCalledWith(
      CONSTANT_IMPORT.done,
      expect.objectContaining({ body: { taskId: 'job1' } }),
    );
    expect(byText(document.body, '[role=alert]', '已导入3个常量')).not.toBeNull();
    expect(feedback.notify.success).toHaveBeenCalledWith('已导入3个常量');
    expect(onImported).toHaveBeenCalledWith({ imported: true, count: 3, errors: [] });
  });

  it('lists every bad row of a refused file and imports nothing', async () => {
    answerPolls(
      job({
        result: {
          imported: false,
          count: 0,
          errors: [{ row: 3, column: '常量类型编码', message: '常量类型编码「nosuchtype」不存在' }],
          errorCount: 1,
        },
      }),
    );
    const onImported = await open();
    await importFile();
    expect(document.body.textContent).toContain('以下行有误，未导入任何数据，请修改后重新导入');
    expect(byText(document.body, 'td', '常量类型编码「nosuchtype」不存在')).not.toBeNull();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses a file that is not .xlsx before uploading, and shows why a job failed', async () => {
    answerPolls(job({ state: 'failed', progress: 40, message: '导入失败，请重试' }));
    const onImported = await open();
    await importFile('常量.csv');
    expect(feedback.notify.error).toHaveBeenCalledWith('只能上传xlsx的文件');
    expect(client.upload).not.toHaveBeenCalled();

    await importFile();
    expect(client.upload).toHaveBeenCalledTimes(1);
    expect(byText(document.body, '[role=alert]', '导入失败，请重试')).not.toBeNull();
    expect(onImported).not.toHaveBeenCalled();
  });
});

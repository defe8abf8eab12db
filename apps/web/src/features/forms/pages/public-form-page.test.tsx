// @vitest-environment happy-dom
import type { FormDefinition } from '@eduqa/contract';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors.ts';
import { byText, click, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import PublicFormPage from './public-form-page.tsx';

const api = vi.hoisted(() => ({
  submitPublicForm: vi.fn(),
  form: { current: {} as { data?: unknown; error?: Error | null } },
}));
vi.mock('../api.ts', () => ({
  submitPublicForm: api.submitPublicForm,
  usePublicForm: () => ({ isLoading: false, data: undefined, error: null, ...api.form.current }),
}));

const definition: FormDefinition = {
  formType: 'floating',
  layout: 'normal',
  fields: [
    {
      key: 'company',
      label: '单位名称',
      component: 'text',
      help: '',
      defaultValue: '',
      span: 24,
      validations: [{ type: 'require' }],
      options: null,
    },
  ],
};

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.submitPublicForm.mockReset();
  api.form.current = {
    data: {
      linkId: 'L1',
      title: '用人单位满意度调查',
      formName: '满意度',
      definition,
      options: {},
      remaining: 10,
    },
  };
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function open() {
  const view = await render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <MemoryRouter initialEntries={['/tableConfiguration/L1']}>
        <Routes>
          <Route path="/tableConfiguration/:id" element={<PublicFormPage />} />
        </Routes>
      </MemoryRouter>
    </ConfigProvider>,
  );
  cleanup = view.unmount;
  return view.container;
}

/** 提交, then 提交 again in the confirmation. */
async function submit(root: HTMLElement) {
  await click(byText(root, 'button', '提交'));
  await wait(50);
  const confirm = [...document.body.querySelectorAll<HTMLElement>('.ant-popover button')].find(
    (b) => b.textContent === '提交',
  );
  await click(confirm ?? null);
  await wait(50);
}

describe('public form page', { timeout: 30_000 }, () => {
  it('shows the server reason for a closed link instead of the form', async () => {
    api.form.current = { data: undefined, error: new Error('该链接已关闭，不能再填写') };
    const root = await open();
    expect(root.textContent).toContain('该链接已关闭，不能再填写');
    expect(root.querySelector('[id$="-company"]')).toBeNull();
  });

  it('sends the answer and thanks the respondent', async () => {
    api.submitPublicForm.mockResolvedValue({ recordId: 'x' });
    const root = await open();
    expect(root.textContent).toContain('用人单位满意度调查');
    await typeInto(root.querySelector('[id$="-company"]'), '某某科技有限公司');
    await submit(root);
    expect(api.submitPublicForm).toHaveBeenCalledWith('L1', { company: '某某科技有限公司' });
    expect(root.textContent).toContain('提交成功，感谢您的填写！');
  });

  it('keeps the form with the refusal when the link filled up meanwhile', async () => {
    api.submitPublicForm.mockRejectedValue(
      new ApiError({
        kind: 'failed',
        message: '该链接的提交份数已满，不能再填写',
        code: 42200,
        statusCode: 422,
        httpStatus: 422,
      }),
    );
    const root = await open();
    await typeInto(root.querySelector('[id$="-company"]'), '某某科技有限公司');
    await submit(root);
    expect(root.textContent).toContain('该链接的提交份数已满，不能再填写');
    expect(root.textContent).not.toContain('感谢');
  });
});

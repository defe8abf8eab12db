// @vitest-environment happy-dom
import { QUALITY_REPORT_MESSAGES } from '@eduqa/contract';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { checkScore, ExpertReviewModal, RejectModal, SchoolReviewModal } from './review-modals.tsx';

const api = vi.hoisted(() => ({ expertReview: vi.fn(), schoolReview: vi.fn(), rejectReport: vi.fn() }));
vi.mock('../api.ts', () => api);

/** useAction's part: run the work, and report whether it succeeded. */
const act = vi.fn(async (work: () => Promise<unknown>) => {
  await work();
  return true;
});

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.expertReview.mockReset().mockResolvedValue({});
  api.schoolReview.mockReset().mockResolvedValue({});
  api.rejectReport.mockReset().mockResolvedValue({});
  act.mockClear();
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function open() {
  const onClose = vi.fn();
  const view = await render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <ExpertReviewModal reportId="r1" reportName="专业诊断报告" open onClose={onClose} act={act} />
    </ConfigProvider>,
  );
  cleanup = view.unmount;
  return onClose;
}

const field = (selector: string) => document.querySelector(selector);
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

async function fill(score: string) {
  await click(byText(document.body, 'label', '合格'));
  await typeInto(field('input#score'), score);
  await typeInto(field('textarea#opinion'), '材料充分，改进措施可行。');
}

async function confirm() {
  await click(byText(document.body, 'button', '确定'));
  await wait(50);
}

describe('the expert review form', { timeout: 20_000 }, () => {
  it('asks for the result, the score and the opinion', async () => {
    await open();
    await confirm();
    expect(errors()).toEqual(['请选择复核结果', '请输入评分', QUALITY_REPORT_MESSAGES.needOpinion]);
    expect(api.expertReview).not.toHaveBeenCalled();
  });

  it.each(['100.5', '-1', '85.123', '八十'])(
    'refuses the score %s with the contract message',
    async (score) => {
      await open();
      await fill(score);
      await confirm();
      expect(errors()).toEqual([QUALITY_REPORT_MESSAGES.scoreRange]);
      expect(api.expertReview).not.toHaveBeenCalled();
    },
  );

  it('sends a score of two decimals with the result and closes', async () => {
    const onClose = await open();
    await fill('88.75');
    await confirm();
    expect(errors()).toEqual([]);
    expect(api.expertReview).toHaveBeenCalledWith('r1', {
      result: 'qualified',
      score: '88.75',
      opinion: '材料充分，改进措施可行。',
    });
    expect(onClose).toHaveBeenCalled();
  });
});

/** A dialog of the school's decisions, opened on 专业诊断报告. */
async function openDialog(Dialog: typeof RejectModal, run: typeof act = act) {
  const onClose = vi.fn();
  const view = await render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <Dialog reportId="r1" reportName="专业诊断报告" open onClose={onClose} act={run} />
    </ConfigProvider>,
  );
  cleanup = view.unmount;
  return onClose;
}

describe('the score rule of the expert review form', () => {
  it('leaves an empty score to the required rule and takes 0, 100 and two decimals', async () => {
    for (const score of [undefined, '', '  ', '0', '100', '59.99', 60]) {
      await expect(checkScore(null, score)).resolves.toBeUndefined();
    }
    await expect(checkScore(null, '100.01')).rejects.toThrow(QUALITY_REPORT_MESSAGES.scoreRange);
  });
});

describe('the reject form', { timeout: 20_000 }, () => {
  it('asks for a reason, and a reason of blanks is none', async () => {
    await openDialog(RejectModal);
    expect(document.body.textContent).toContain('驳回「专业诊断报告」');
    await typeInto(field('textarea#reason'), '   ');
    await confirm();
    expect(errors()).toEqual([QUALITY_REPORT_MESSAGES.needReason]);
    expect(api.rejectReport).not.toHaveBeenCalled();
  });

  it('sends the reason trimmed and closes', async () => {
    const onClose = await openDialog(RejectModal);
    await typeInto(field('textarea#reason'), '  数据不全，请补充佐证材料 ');
    await confirm();
    expect(api.rejectReport).toHaveBeenCalledWith('r1', '数据不全，请补充佐证材料');
    expect(act).toHaveBeenCalledWith(expect.any(Function), '报告已驳回');
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open with the reason typed when the server refuses', async () => {
    const refusing = vi.fn(async (work: () => Promise<unknown>) => {
      await work();
      return false;
    });
    const onClose = await openDialog(RejectModal, refusing);
    await typeInto(field('textarea#reason'), '数据不全');
    await confirm();
    expect(refusing).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect((field('textarea#reason') as HTMLTextAreaElement).value).toBe('数据不全');
  });
});

describe('the school review form', { timeout: 20_000 }, () => {
  it('asks only for the result: the opinion may stay empty', async () => {
    const onClose = await openDialog(SchoolReviewModal);
    await confirm();
    expect(errors()).toEqual(['请选择复核结果']);
    await click(byText(document.body, 'label', '优秀'));
    await confirm();
    expect(api.schoolReview).toHaveBeenCalledWith('r1', { result: 'excellent', opinion: '' });
    expect(act).toHaveBeenCalledWith(expect.any(Function), '审核已完成');
    expect(onClose).toHaveBeenCalled();
  });
});

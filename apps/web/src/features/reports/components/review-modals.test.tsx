// @vitest-environment happy-dom
import { QUALITY_REPORT_MESSAGES } from '@eduqa/contract';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { ExpertReviewModal } from './review-modals.tsx';

const api = vi.hoisted(() => ({ expertReview: vi.fn() }));
vi.mock('../api.ts', () => ({ expertReview: api.expertReview }));

/** useAction's part: run the work, and report whether it succeeded. */
const act = vi.fn(async (work: () => Promise<unknown>) => {
  await work();
  return true;
});

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.expertReview.mockReset().mockResolvedValue({});
  act.mockClear();
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
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

describe('the expert review form', () => {
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

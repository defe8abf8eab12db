import {
  ExpertReviewBodySchema,
  QUALITY_REPORT_MESSAGES,
  QUALITY_REPORT_TEXT_MAX,
  REVIEW_RESULT_LABELS,
  REVIEW_RESULTS,
  type ReviewResult,
} from '@eduqa/contract';
import { Form, Input, Radio } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { expertReview, rejectReport, schoolReview } from '../api.ts';

interface DialogProps {
  reportId: string;
  reportName: string;
  open: boolean;
  onClose: () => void;
  act: RunAction;
}

/** A refused action keeps the dialog open with what was typed (useAction resolves false). */
const orStay = async (done: Promise<boolean>) => {
  if (!(await done)) throw new Error('refused');
};

const resultItem = (
  <Form.Item name="result" label="复核结果" rules={[{ required: true, message: '请选择复核结果' }]}>
    <Radio.Group options={REVIEW_RESULTS.map((value) => ({ value, label: REVIEW_RESULT_LABELS[value] }))} />
  </Form.Item>
);

const opinionRule = (label: string) => ({
  max: QUALITY_REPORT_TEXT_MAX.opinion,
  message: `${label}最多只能输入${QUALITY_REPORT_TEXT_MAX.opinion}个字符`,
});

/** The contract's own score rule (0–100, at most two decimals), so the form and the server agree. */
const scoreSchema = ExpertReviewBodySchema.shape.score;
export async function checkScore(_: unknown, value: unknown): Promise<void> {
  if (value === undefined || value === null || String(value).trim() === '') return;
  const parsed = scoreSchema.safeParse(String(value));
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '评分不正确');
}

interface ExpertValues {
  result: ReviewResult;
  score: string;
  opinion: string;
}

/** 专家评审: the expert's result (it chooses the expert seal), a score and his opinion. */
export function ExpertReviewModal({ reportId, reportName, open, onClose, act }: DialogProps) {
  const submit = (values: ExpertValues) =>
    orStay(
      act(
        () =>
          expertReview(reportId, {
            result: values.result,
            score: values.score.trim(),
            opinion: values.opinion.trim(),
          }),
        '评审已提交',
      ),
    );
  return (
    <FormModal<ExpertValues>
      title="专家评审"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      intro={<p style={{ marginBottom: 16 }}>评审「{reportName}」。</p>}
    >
      {resultItem}
      <Form.Item
        name="score"
        label="评分"
        extra="0–100，最多两位小数"
        rules={[{ required: true, whitespace: true, message: '请输入评分' }, { validator: checkScore }]}
      >
        <Input inputMode="decimal" placeholder="请输入评分" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="opinion"
        label="评审意见"
        rules={[
          { required: true, whitespace: true, message: QUALITY_REPORT_MESSAGES.needOpinion },
          opinionRule('评审意见'),
        ]}
      >
        <Input.TextArea
          rows={4}
          placeholder="请输入评审意见"
          showCount
          maxLength={QUALITY_REPORT_TEXT_MAX.opinion}
        />
      </Form.Item>
    </FormModal>
  );
}

interface SchoolValues {
  result: ReviewResult;
  opinion?: string;
}

/** 学校审核: the school's result (it chooses the school seal) and an optional opinion; it ends the review. */
export function SchoolReviewModal({ reportId, reportName, open, onClose, act }: DialogProps) {
  const submit = (values: SchoolValues) =>
    orStay(
      act(
        () => schoolReview(reportId, { result: values.result, opinion: values.opinion?.trim() ?? '' }),
        '审核已完成',
      ),
    );
  return (
    <FormModal<SchoolValues>
      title="学校审核"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      intro={<p style={{ marginBottom: 16 }}>审核「{reportName}」，审核后评审结束。</p>}
    >
      {resultItem}
      <Form.Item name="opinion" label="审核意见" rules={[opinionRule('审核意见')]}>
        <Input.TextArea
          rows={4}
          placeholder="请输入审核意见"
          showCount
          maxLength={QUALITY_REPORT_TEXT_MAX.opinion}
        />
      </Form.Item>
    </FormModal>
  );
}

/** 驳回: the reason is required; the report goes back to its editor. */
export function RejectModal({ reportId, reportName, open, onClose, act }: DialogProps) {
  const submit = (values: { reason: string }) =>
    orStay(act(() => rejectReport(reportId, values.reason.trim()), '报告已驳回'));
  return (
    <FormModal<{ reason: string }>
      title="驳回报告"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      intro={<p style={{ marginBottom: 16 }}>驳回「{reportName}」，编辑人修改后可再次提交评审。</p>}
    >
      <Form.Item
        name="reason"
        label="驳回原因"
        rules={[
          { required: true, whitespace: true, message: QUALITY_REPORT_MESSAGES.needReason },
          { max: 500, message: '驳回原因最多只能输入500个字符' },
        ]}
      >
        <Input.TextArea rows={4} placeholder="请输入驳回原因" showCount maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

import {
  goalReportsEndpoints as E,
  REPORT_AUDIT_DECISION_LABELS,
  REPORT_AUDIT_DECISIONS,
  REPORT_TEXT_MAX,
  type ReportAuditDecision,
} from '@eduqa/contract';
import { Form, Input, Radio } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { post, type ReportRow, subjectOf, useRefreshReports } from './api.ts';

interface AuditValues {
  decision: ReportAuditDecision;
  opinion?: string;
}

/** 审核报告: pass, or reject with an opinion the editor reads before submitting again. */
export function AuditModal({
  row,
  open,
  onClose,
}: {
  row: ReportRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const refresh = useRefreshReports();
  const submit = async (values: AuditValues) => {
    if (!row) return;
    await post(E.audit, {
      ...subjectOf(row),
      decision: values.decision,
      opinion: values.opinion?.trim() ?? '',
    });
    notify.success(values.decision === 'pass' ? '报告已审核通过' : '报告已驳回');
    await refresh();
  };
  return (
    <FormModal<AuditValues>
      title="审核报告"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{ decision: 'pass' }}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      intro={<p style={{ marginBottom: 16 }}>审核「{row?.taskName ?? row?.yearTargetName}」的目标报告。</p>}
    >
      <Form.Item name="decision" label="审核结果" rules={[{ required: true, message: '请选择审核结果' }]}>
        <Radio.Group
          options={REPORT_AUDIT_DECISIONS.map((value) => ({
            value,
            label: REPORT_AUDIT_DECISION_LABELS[value],
          }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['decision']}>
        {({ getFieldValue }) => (
          <Form.Item
            name="opinion"
            label="审核意见"
            rules={[
              {
                required: getFieldValue('decision') === 'reject',
                whitespace: true,
                message: '请填写驳回意见',
              },
              {
                max: REPORT_TEXT_MAX.opinion,
                message: `审核意见最多只能输入${REPORT_TEXT_MAX.opinion}个字符`,
              },
            ]}
          >
            <Input.TextArea
              rows={4}
              placeholder="请输入审核意见"
              showCount
              maxLength={REPORT_TEXT_MAX.opinion}
            />
          </Form.Item>
        )}
      </Form.Item>
    </FormModal>
  );
}

import { goalReportsEndpoints as E } from '@eduqa/contract';
import { Form, Select } from 'antd';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { ReportCoverField } from '../../../shared/ui/report-covers.tsx';
import { post, type ReportJob, type ReportRow, useCovers, useTemplates } from './api.ts';

interface GenerateValues {
  templateId?: string;
  coverId?: string;
}

const ALL = { pageNum: 1, pageSize: 1000 };

/** 生成报告: an optional template (its outline opens the document) and a cover (the default unless chosen). */
export function GenerateModal({
  row,
  open,
  onClose,
  onStarted,
}: {
  row: ReportRow | null;
  open: boolean;
  onClose: () => void;
  onStarted: (row: ReportRow, job: ReportJob) => void;
}) {
  const templates = useTemplates(ALL);
  const covers = useCovers(ALL);
  const submit = async (values: GenerateValues) => {
    if (!row) return;
    const job = await post(E.generateReport, {
      ...(row.taskId ? { taskId: row.taskId } : { yearTargetId: row.yearTargetId }),
      ...(values.templateId ? { templateId: values.templateId } : {}),
      ...(values.coverId ? { coverId: values.coverId } : {}),
    });
    onStarted(row, job);
  };
  return (
    <FormModal<GenerateValues>
      title="生成报告"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      intro={
        <p style={{ marginBottom: 16 }}>
          为「{row?.taskName ?? row?.yearTargetName}」生成 Word 报告，生成在后台进行，完成后可下载。
        </p>
      }
    >
      <Form.Item name="templateId" label="报告模板">
        <Select
          allowClear
          placeholder="不使用模板"
          loading={templates.isLoading}
          notFoundContent="暂无数据"
          options={(templates.data?.records ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </Form.Item>
      <ReportCoverField covers={covers} />
    </FormModal>
  );
}

import {
  QUALITY_REPORT_SCOPE_LABELS,
  QUALITY_REPORT_SCOPES,
  QUALITY_REPORT_TEXT_MAX,
  type QualityReportScope,
  type ReportSummary,
} from '@eduqa/contract';
import { Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { ReportCoverField } from '../../../shared/ui/report-covers.tsx';
import { useDepartments } from '../../org/index.ts';
import { insertReport, useCovers, useDiagnosisTasks, useObjectTasks, useTemplates } from '../api.ts';
import { useReportUser } from '../use-report-user.ts';
import { useRefreshReports } from './use-refresh-reports.ts';

interface GenerateValues {
  taskId: string;
  scope: QualityReportScope;
  objectTaskId?: string;
  departmentId?: string;
  reportName?: string;
  templateId?: string;
  coverId?: string;
}

/** A department report of a chosen task and department (部门汇总分析): only name, template and cover are asked. */
export interface DepartmentPreset {
  taskId: string;
  taskName: string;
  departmentId: string;
  departmentName: string;
}

const ALL = { pageNum: 1, pageSize: 1000 };
const SEARCH_DELAY_MS = 300;

/** A search box's text, handed on once typing pauses (spec 1 §9). */
function useDebounced(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * 生成报告: the diagnosis task, whose diagnosis it sums up (the whole task, one object task or one
 * department), and optionally a name, template and cover. The server computes the report at once.
 */
export function GenerateModal({
  open,
  onClose,
  onCreated,
  preset,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (report: ReportSummary) => void;
  preset?: DepartmentPreset;
}) {
  const refresh = useRefreshReports();
  const submit = async (values: GenerateValues) => {
    const scope = preset ? 'department' : values.scope;
    const report = await insertReport({
      taskId: preset?.taskId ?? values.taskId,
      scope,
      ...(scope === 'objectTask' && values.objectTaskId ? { objectTaskId: values.objectTaskId } : {}),
      ...(scope === 'department' ? { departmentId: preset?.departmentId ?? values.departmentId ?? '' } : {}),
      ...(values.reportName?.trim() ? { reportName: values.reportName.trim() } : {}),
      ...(values.templateId ? { templateId: values.templateId } : {}),
      ...(values.coverId ? { coverId: values.coverId } : {}),
    });
    notify.success('报告已生成');
    await refresh();
    onCreated(report);
  };
  return (
    <FormModal<GenerateValues>
      title={preset ? '生成部门报告' : '生成报告'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{ scope: 'task' }}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      intro={
        preset ? (
          <p style={{ marginBottom: 16 }}>
            为「{preset.departmentName}」生成「{preset.taskName}」的部门汇总分析报告。
          </p>
        ) : undefined
      }
    >
      {preset ? null : <SubjectFields open={open} />}
      <Form.Item
        name="reportName"
        label="报告名称"
        rules={[
          {
            max: QUALITY_REPORT_TEXT_MAX.name,
            message: `报告名称最多只能输入${QUALITY_REPORT_TEXT_MAX.name}个字符`,
          },
        ]}
      >
        <Input placeholder="不填则按任务和范围命名" />
      </Form.Item>
      <TemplateAndCoverFields />
    </FormModal>
  );
}

/** 诊断任务 (`taskId`), searched by name among the tasks of the page type the caller sees most of. */
export function DiagnosisTaskField({ open, onChange }: { open: boolean; onChange?: () => void }) {
  const { taskPageType } = useReportUser();
  const [taskInput, setTaskInput] = useState('');
  const taskKeyword = useDebounced(taskInput);
  const tasks = useDiagnosisTasks({ keyword: taskKeyword, pageType: taskPageType, enabled: open });
  return (
    <Form.Item name="taskId" label="诊断任务" rules={[{ required: true, message: '请选择诊断任务' }]}>
      <Select
        placeholder="请输入任务名称搜索"
        showSearch={{ filterOption: false, onSearch: setTaskInput }}
        loading={tasks.isFetching}
        notFoundContent={tasks.isFetching ? '搜索中…' : '暂无数据'}
        options={(tasks.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        {...(onChange ? { onChange } : {})}
      />
    </Form.Item>
  );
}

/** The task, the scope and — for an object or department report — which one. */
function SubjectFields({ open }: { open: boolean }) {
  const form = Form.useFormInstance<GenerateValues>();
  const taskId = Form.useWatch('taskId', form);
  const scope = Form.useWatch('scope', form);
  const [objectInput, setObjectInput] = useState('');
  const objectKeyword = useDebounced(objectInput);
  const objectTasks = useObjectTasks({
    taskId: scope === 'objectTask' ? taskId : undefined,
    keyword: objectKeyword,
  });
  const departments = useDepartments();

  return (
    <>
      <DiagnosisTaskField open={open} onChange={() => form.setFieldValue('objectTaskId', undefined)} />
      <Form.Item name="scope" label="报告范围" rules={[{ required: true, message: '请选择报告范围' }]}>
        <Radio.Group
          options={QUALITY_REPORT_SCOPES.map((value) => ({
            value,
            label: QUALITY_REPORT_SCOPE_LABELS[value],
          }))}
        />
      </Form.Item>
      {scope === 'objectTask' ? (
        <Form.Item
          name="objectTaskId"
          label="诊断对象"
          rules={[{ required: true, message: '请选择诊断对象' }]}
          extra={taskId ? undefined : '请先选择诊断任务'}
        >
          <Select
            placeholder="请输入对象名称搜索"
            disabled={!taskId}
            showSearch={{ filterOption: false, onSearch: setObjectInput }}
            loading={objectTasks.isFetching}
            notFoundContent={objectTasks.isFetching ? '搜索中…' : '暂无数据'}
            options={(objectTasks.data ?? []).map((o) => ({
              value: o.id,
              label: o.chargerName ? `${o.objectName}（${o.chargerName}）` : o.objectName,
            }))}
          />
        </Form.Item>
      ) : null}
      {scope === 'department' ? (
        <Form.Item name="departmentId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
          <Select
            placeholder="请选择部门"
            showSearch={{ optionFilterProp: 'label' }}
            loading={departments.isLoading}
            notFoundContent="暂无数据"
            options={(departments.data?.rows ?? []).map((d) => ({
              value: d.departmentId,
              label: d.departmentName,
            }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** 报告模板 (its sections, titles and narratives) and 报告封面 (the default unless chosen). */
export function TemplateAndCoverFields() {
  const templates = useTemplates(ALL);
  const covers = useCovers(ALL.pageNum, ALL.pageSize);
  return (
    <>
      <Form.Item name="templateId" label="报告模板">
        <Select
          allowClear
          placeholder="默认章节"
          loading={templates.isLoading}
          notFoundContent="暂无数据"
          options={(templates.data?.records ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </Form.Item>
      <ReportCoverField covers={covers} />
    </>
  );
}

import {
  EXPERT_KIND_LABELS,
  type ExpertCandidate,
  QUALITY_REPORT_MESSAGES,
  QUALITY_REPORT_TEXT_MAX,
  type ReportView,
} from '@eduqa/contract';
import { Checkbox, Form, Input, Select } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { useDepartments, usePersonSearch } from '../../org/index.ts';
import { assignExperts, shareReport, updateReport, useExpertCandidates } from '../api.ts';
import { TemplateAndCoverFields } from './generate-modal.tsx';

interface DialogProps {
  view: ReportView;
  open: boolean;
  onClose: () => void;
  act: RunAction;
}

/** A refused action keeps the dialog open with what was typed (useAction resolves false). */
const orStay = async (done: Promise<boolean>) => {
  if (!(await done)) throw new Error('refused');
};

interface EditValues {
  name: string;
  templateId?: string;
  coverId?: string;
}

/** 编辑: the report's name, template and cover, while a draft or rejected. */
export function EditReportModal({ view, open, onClose, act }: DialogProps) {
  const submit = (values: EditValues) =>
    orStay(
      act(
        () =>
          updateReport({
            id: view.id,
            name: values.name.trim(),
            templateId: values.templateId,
            coverId: values.coverId,
          }),
        '报告已修改',
      ),
    );
  return (
    <FormModal<EditValues>
      title="编辑报告"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{
        name: view.name,
        ...(view.templateId ? { templateId: view.templateId } : {}),
        ...(view.coverId ? { coverId: view.coverId } : {}),
      }}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      <Form.Item
        name="name"
        label="报告名称"
        rules={[
          { required: true, whitespace: true, message: '请输入报告名称' },
          {
            max: QUALITY_REPORT_TEXT_MAX.name,
            message: `报告名称最多只能输入${QUALITY_REPORT_TEXT_MAX.name}个字符`,
          },
        ]}
      >
        <Input placeholder="请输入报告名称" />
      </Form.Item>
      <TemplateAndCoverFields />
    </FormModal>
  );
}

/** 分配专家: in-school and outside experts; changing them is possible until the first has reviewed. */
export function ExpertsModal({ view, open, onClose, act }: DialogProps) {
  const candidates = useExpertCandidates(open);
  const options = expertOptions(candidates.data ?? [], view.experts);
  const submit = (values: ExpertValues) =>
    orStay(act(() => assignExperts(view.id, values.userIds), '评审专家已分配'));
  return (
    <FormModal<ExpertValues>
      title="分配评审专家"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{ userIds: view.experts.map((e) => e.userId) }}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      <Form.Item
        name="userIds"
        label="评审专家"
        rules={[{ required: true, type: 'array', min: 1, message: QUALITY_REPORT_MESSAGES.needExperts }]}
      >
        <Select
          mode="multiple"
          placeholder="请选择校内或校外专家"
          showSearch={{ optionFilterProp: 'label' }}
          loading={candidates.isLoading}
          notFoundContent={candidates.isLoading ? '加载中…' : '暂无可选的评审专家'}
          options={options}
          maxCount={20}
        />
      </Form.Item>
      <RemovalConfirm assigned={view.experts} />
    </FormModal>
  );
}

interface ExpertValues {
  userIds: string[];
  confirmRemoval?: boolean;
}

/**
 * The picker's options: each candidate with 校内 or 校外 and the department, then the assigned experts no
 * longer among the candidates (a role taken away), so a saved choice never shows as a bare id.
 */
export function expertOptions(candidates: readonly ExpertCandidate[], assigned: ReportView['experts']) {
  const options = candidates.map((c) => ({
    value: c.id,
    label: `${c.name}（${[EXPERT_KIND_LABELS[c.kind], c.departmentName].filter(Boolean).join('·')}）`,
  }));
  for (const e of assigned) {
    if (!options.some((o) => o.value === e.userId)) options.push({ value: e.userId, label: e.name });
  }
  return options;
}

/**
 * Taking an assigned expert off the report takes his reading of it away (he then gets 报告不存在): a click
 * on a tag must not do that unnoticed, so the dialog names whoever would be removed and asks for a tick.
 */
function RemovalConfirm({ assigned }: { assigned: ReportView['experts'] }) {
  const form = Form.useFormInstance<ExpertValues>();
  const chosen = Form.useWatch('userIds', form) ?? [];
  const removed = assigned.filter((e) => !chosen.includes(e.userId)).map((e) => e.name);
  if (removed.length === 0) return null;
  const names = removed.join('、');
  return (
    <Form.Item
      name="confirmRemoval"
      valuePropName="checked"
      wrapperCol={{ offset: 5, span: 18 }}
      rules={[
        {
          validator: (_, checked: boolean | undefined) =>
            checked ? Promise.resolve() : Promise.reject(new Error(`请确认移除评审专家：${names}`)),
        },
      ]}
    >
      <Checkbox>确认移除评审专家：{names}（移除后不能再查看和评审此报告）</Checkbox>
    </Form.Item>
  );
}

interface ShareValues {
  userIds: string[];
  departmentIds: string[];
}

/** 分享: read-only access for users and departments; the lists chosen replace the earlier ones. */
export function ShareModal({ view, open, onClose, act }: DialogProps) {
  const people = usePersonSearch(view.shares.users.map((u) => ({ value: u.id, label: u.name })));
  const departments = useDepartments();
  const departmentOptions = (departments.data?.rows ?? []).map((d) => ({
    value: d.departmentId,
    label: d.departmentName,
  }));
  for (const d of view.shares.departments) {
    if (!departmentOptions.some((o) => o.value === d.id))
      departmentOptions.push({ value: d.id, label: d.name });
  }
  const submit = (values: ShareValues) =>
    orStay(
      act(
        () =>
          shareReport(view.id, {
            userIds: values.userIds ?? [],
            departmentIds: values.departmentIds ?? [],
          }),
        '分享已保存',
      ),
    );
  return (
    <FormModal<ShareValues>
      title="分享报告"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{
        userIds: view.shares.users.map((u) => u.id),
        departmentIds: view.shares.departments.map((d) => d.id),
      }}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      intro={<p style={{ marginBottom: 16 }}>被分享的用户和部门成员可以查看报告，不能修改。</p>}
    >
      <Form.Item name="userIds" label="用户">
        <Select mode="multiple" placeholder="请输入姓名或账号搜索" allowClear {...people} />
      </Form.Item>
      <Form.Item name="departmentIds" label="部门">
        <Select
          mode="multiple"
          placeholder="请选择部门"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={departments.isLoading}
          notFoundContent="暂无数据"
          options={departmentOptions}
        />
      </Form.Item>
    </FormModal>
  );
}

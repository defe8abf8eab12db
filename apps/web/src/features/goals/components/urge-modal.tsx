import {
  goalsEndpoints as E,
  GOAL_TEXT_MAX,
  URGE_CURRENT_STATUS_LABELS,
  URGE_CURRENT_STATUSES,
  type UrgeCurrentStatus,
} from '@eduqa/contract';
import { Form, Input, Radio } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { goalKeys, post, type YearTargetRow } from '../api.ts';
import { DepartmentSelect } from './department-select.tsx';
import { YearTargetSelect } from './year-target-select.tsx';

interface UrgeValues {
  yearTargetId: string;
  departmentIds: string[];
  currentStatus: UrgeCurrentStatus;
  content?: string;
}

/** 督办: reminds one department (or several at once, batchInsert) that its target is not set or not decomposed. */
export function UrgeModal({
  open,
  yearTarget,
  yearTargetId,
  departmentId,
  onClose,
}: {
  open: boolean;
  yearTarget: YearTargetRow | null;
  /** Starting choices when opened from elsewhere (the department overview). */
  yearTargetId?: string | undefined;
  departmentId?: string | undefined;
  onClose: () => void;
}) {
  const startTarget = yearTarget?.id ?? yearTargetId;
  const act = useAction(goalKeys.all);
  const submit = async (values: UrgeValues) => {
    const list = values.departmentIds.map((departmentId) => ({
      yearTargetId: values.yearTargetId,
      departmentId,
      currentStatus: values.currentStatus,
      content: values.content?.trim() ?? '',
    }));
    const [single] = list;
    const ok = await act(
      () => (list.length === 1 && single ? post(E.urgeInsert, single) : post(E.urgeBatchInsert, { list })),
      `已督办${list.length}个部门`,
    );
    if (!ok) throw new Error('refused');
  };
  return (
    <FormModal<UrgeValues>
      title="督办"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{
        currentStatus: 2,
        ...(startTarget ? { yearTargetId: startTarget } : {}),
        ...(departmentId ? { departmentIds: [departmentId] } : {}),
      }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
    >
      <Form.Item name="yearTargetId" label="年度目标" rules={[{ required: true, message: '请选择年度目标' }]}>
        <YearTargetFormField />
      </Form.Item>
      <Form.Item
        name="departmentIds"
        label="督办部门"
        rules={[{ required: true, message: '请选择督办部门' }]}
      >
        <DepartmentSelect multiple placeholder="请选择督办部门（可多选）" />
      </Form.Item>
      <Form.Item
        name="currentStatus"
        label="当前状态"
        rules={[{ required: true, message: '请选择当前状态' }]}
      >
        <Radio.Group
          options={URGE_CURRENT_STATUSES.map((value) => ({
            value,
            label: URGE_CURRENT_STATUS_LABELS[value],
          }))}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label="督办内容"
        rules={[{ max: GOAL_TEXT_MAX.urge, message: `督办内容最多只能输入${GOAL_TEXT_MAX.urge}个字符` }]}
      >
        <Input.TextArea rows={3} placeholder="请输入督办内容" showCount maxLength={GOAL_TEXT_MAX.urge} />
      </Form.Item>
    </FormModal>
  );
}

function YearTargetFormField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string | undefined) => void;
}) {
  return <YearTargetSelect id={id} value={value} onChange={(v) => onChange?.(v)} width="100%" />;
}

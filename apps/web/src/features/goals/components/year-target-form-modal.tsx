import { goalsEndpoints as E, GOAL_TEXT_MAX } from '@eduqa/contract';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { post, useRefreshGoals, type YearTargetRow } from '../api.ts';

interface YearTargetValues {
  name: string;
  year: Dayjs;
  description?: string;
}

/** 新建/编辑年度目标 (the publisher's; only the creator edits). */
export function YearTargetFormModal({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: YearTargetRow | null;
  onClose: () => void;
}) {
  const refresh = useRefreshGoals();
  const initialValues: Partial<YearTargetValues> = target
    ? { name: target.name, year: dayjs(`${target.cycleYear}-01-01`), description: target.description }
    : { year: dayjs() };
  const submit = async (values: YearTargetValues) => {
    const body = {
      name: values.name.trim(),
      cycleYear: values.year.year(),
      description: values.description?.trim() ?? '',
    };
    if (target) await post(E.yearTargetUpdate, { ...body, id: target.id });
    else await post(E.yearTargetInsert, body);
    notify.success(target ? '年度目标已修改' : '年度目标已新建');
    await refresh();
  };
  return (
    <FormModal<YearTargetValues>
      title={target ? '编辑年度目标' : '新建年度目标'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={initialValues}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
    >
      <Form.Item
        name="name"
        label="目标名称"
        rules={[
          { required: true, whitespace: true, message: '请输入年度目标名称' },
          {
            max: GOAL_TEXT_MAX.yearTargetName,
            message: `年度目标名称最多只能输入${GOAL_TEXT_MAX.yearTargetName}个字符`,
          },
        ]}
      >
        <Input placeholder="请输入年度目标名称" />
      </Form.Item>
      <Form.Item name="year" label="年度" rules={[{ required: true, message: '请选择年度' }]}>
        <DatePicker picker="year" format="YYYY" style={{ width: '100%' }} placeholder="请选择年度" />
      </Form.Item>
      <Form.Item
        name="description"
        label="目标说明"
        rules={[{ max: GOAL_TEXT_MAX.detail, message: `目标说明最多只能输入${GOAL_TEXT_MAX.detail}个字符` }]}
      >
        <Input.TextArea rows={4} placeholder="请输入目标说明" showCount maxLength={GOAL_TEXT_MAX.detail} />
      </Form.Item>
    </FormModal>
  );
}

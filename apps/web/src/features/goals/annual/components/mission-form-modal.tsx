import { ANNUAL_TEXT_MAX, annualEndpoints as E } from '@eduqa/contract';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAction } from '../../../../shared/api/use-action.ts';
import { FormModal } from '../../../../shared/ui/form-modal.tsx';
import { goalKeys } from '../../api.ts';
import { annualKeys, type MissionRow, post, useAnnualTasks } from '../api.ts';

interface Values {
  taskId: string;
  title: string;
  content: string;
  signedDate?: Dayjs | null;
}

const initialValuesOf = (mission: MissionRow | null): Partial<Values> =>
  mission
    ? {
        taskId: mission.taskId,
        title: mission.title,
        content: mission.content,
        signedDate: mission.signedDate ? dayjs(mission.signedDate) : null,
      }
    : { signedDate: dayjs() };

/** Saves the dialog's values; a refusal throws so the dialog stays open with what was typed. */
function useSaveMission(mission: MissionRow | null) {
  const act = useAction(annualKeys.all, goalKeys.all);
  return async (values: Values) => {
    const fields = {
      title: values.title.trim(),
      content: values.content.trim(),
      ...(values.signedDate ? { signedDate: values.signedDate.format('YYYY-MM-DD') } : {}),
    };
    const done = await act(
      () =>
        mission
          ? post(E.missionStatementUpdate, { ...fields, id: mission.id })
          : post(E.missionStatementInsert, { ...fields, taskId: values.taskId }),
      mission ? '已保存' : '已新增',
    );
    if (!done) throw new Error('refused');
  };
}

/** 新增/编辑任务书: the statement of one task the caller created. */
export function MissionFormModal({
  open,
  mission,
  onClose,
}: {
  open: boolean;
  mission: MissionRow | null;
  onClose: () => void;
}) {
  const save = useSaveMission(mission);
  const tasks = useAnnualTasks({ pageNum: 1, pageSize: 1000 });
  const options = (tasks.data?.records ?? [])
    .filter((t) => t.isTargetCreator && !t.isWithdrawn)
    .map((t) => ({ value: t.id, label: `${t.cycleYear} ${t.name}（${t.departmentName}）` }));
  return (
    <FormModal<Values>
      title={mission ? '编辑任务书' : '新增任务书'}
      open={open}
      onClose={onClose}
      initialValues={initialValuesOf(mission)}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      onSubmit={save}
    >
      <Form.Item name="taskId" label="目标任务" rules={[{ required: true, message: '请选择目标任务' }]}>
        <Select
          disabled={mission !== null}
          placeholder="请选择目标任务（本人创建的）"
          showSearch={{ optionFilterProp: 'label' }}
          loading={tasks.isLoading}
          notFoundContent="暂无数据"
          options={mission ? [{ value: mission.taskId, label: mission.taskName }] : options}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label="标题"
        rules={[
          { required: true, whitespace: true, message: '请输入任务书标题' },
          {
            max: ANNUAL_TEXT_MAX.missionTitle,
            message: `任务书标题最多只能输入${ANNUAL_TEXT_MAX.missionTitle}个字符`,
          },
        ]}
      >
        <Input placeholder="如 2026年度就业质量提升任务书" />
      </Form.Item>
      <Form.Item
        name="content"
        label="内容"
        rules={[
          { required: true, whitespace: true, message: '请输入任务书内容' },
          {
            max: ANNUAL_TEXT_MAX.missionContent,
            message: `任务书内容最多只能输入${ANNUAL_TEXT_MAX.missionContent}个字符`,
          },
        ]}
      >
        <Input.TextArea rows={6} showCount maxLength={ANNUAL_TEXT_MAX.missionContent} />
      </Form.Item>
      <Form.Item name="signedDate" label="签订日期">
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

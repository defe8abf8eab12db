import { goalsEndpoints as E } from '@eduqa/contract';
import { Form, InputNumber, Select } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { goalKeys, post, type TaskRow, useTaskTree } from '../api.ts';

interface CatalogValues {
  parentId?: string;
  sort?: number;
}

/** 调整目录: puts a task under another top-level task of its year target (or back to the top) and orders it. */
export function CatalogModal({
  open,
  task,
  onClose,
}: {
  open: boolean;
  task: TaskRow | null;
  onClose: () => void;
}) {
  const act = useAction(goalKeys.all);
  const tree = useTaskTree(task?.yearTargetId ?? '', open && task !== null);
  const parents = (tree.data ?? []).filter((t) => t.id !== task?.id);
  return (
    <FormModal<CatalogValues>
      title={`调整目录（${task?.name ?? ''}）`}
      open={open}
      onClose={onClose}
      initialValues={{ ...(task?.parentId ? { parentId: task.parentId } : {}), sort: task?.sort ?? 0 }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      onSubmit={async (values) => {
        if (!task) return;
        const ok = await act(
          () =>
            post(E.targetTaskCatalog, {
              id: task.id,
              ...(values.parentId ? { parentId: values.parentId } : {}),
              ...(values.sort === undefined || values.sort === null ? {} : { sort: values.sort }),
            }),
          '目录已调整',
        );
        if (!ok) throw new Error('refused');
      }}
    >
      <Form.Item name="parentId" label="上级任务" extra="不选则作为一级任务">
        <Select
          allowClear
          placeholder="一级任务"
          loading={tree.isLoading}
          notFoundContent="暂无数据"
          options={parents.map((t) => ({ value: t.id, label: t.name }))}
        />
      </Form.Item>
      <Form.Item
        name="sort"
        label="排序"
        rules={[{ type: 'integer', min: 0, max: 100_000, message: '排序应为0到100000之间的整数' }]}
      >
        <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

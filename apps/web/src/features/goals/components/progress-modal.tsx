import {
  goalsEndpoints as E,
  GOAL_TEXT_MAX,
  PROGRESS_TYPE_LABELS,
  PROGRESS_TYPES,
  type ProgressType,
} from '@eduqa/contract';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { goalKeys, type NodeRow, post, type UploadedGoalFile } from '../api.ts';
import { GoalFileUpload } from './goal-file-upload.tsx';

interface ProgressValues {
  type: ProgressType;
  content: string;
  completion?: number;
  files?: UploadedGoalFile[];
}

/** 上报进度: a process report or the final result of a node, with its documents. */
export function ProgressModal({
  open,
  node,
  onClose,
}: {
  open: boolean;
  node: NodeRow | null;
  onClose: () => void;
}) {
  const act = useAction(goalKeys.all);
  const submit = async (values: ProgressValues) => {
    if (!node) return;
    const ok = await act(
      () =>
        post(E.progressInsert, {
          nodeId: node.id,
          type: values.type,
          content: values.content.trim(),
          ...(values.completion === undefined || values.completion === null
            ? {}
            : { completion: values.completion }),
          fileIds: (values.files ?? []).map((f) => f.fileId),
        }),
      '进度已上报',
    );
    if (!ok) throw new Error('refused');
  };
  return (
    <FormModal<ProgressValues>
      title={`上报进度（${node?.name ?? ''}）`}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{ type: 'process' }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
    >
      <Form.Item name="type" label="上报类型" rules={[{ required: true, message: '请选择上报类型' }]}>
        <Radio.Group
          options={PROGRESS_TYPES.map((value) => ({ value, label: PROGRESS_TYPE_LABELS[value] }))}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label="进度内容"
        rules={[
          { required: true, whitespace: true, message: '请输入进度内容' },
          { max: GOAL_TEXT_MAX.progress, message: `进度内容最多只能输入${GOAL_TEXT_MAX.progress}个字符` },
        ]}
      >
        <Input.TextArea rows={4} placeholder="请输入进度内容" showCount maxLength={GOAL_TEXT_MAX.progress} />
      </Form.Item>
      <Form.Item name="completion" label="完成度（%）">
        <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} placeholder="0–100" />
      </Form.Item>
      <Form.Item name="files" label="附件">
        <GoalFileUpload />
      </Form.Item>
    </FormModal>
  );
}

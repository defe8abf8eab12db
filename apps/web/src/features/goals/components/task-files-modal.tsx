import {
  goalsEndpoints as E,
  GOAL_FILE_TYPE_LABELS,
  GOAL_FILE_TYPES,
  type GoalFileType,
} from '@eduqa/contract';
import { Form, Select } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { goalKeys, post, type TaskRow, type UploadedGoalFile } from '../api.ts';
import { GoalFileUpload } from './goal-file-upload.tsx';

interface FilesValues {
  fileType: GoalFileType;
  files: UploadedGoalFile[];
}

/** 上传任务附件: the task's own documents (support, decomposition…), by type. */
export function TaskFilesModal({
  open,
  task,
  onClose,
}: {
  open: boolean;
  task: TaskRow;
  onClose: () => void;
}) {
  const act = useAction(goalKeys.all);
  return (
    <FormModal<FilesValues>
      title="上传任务附件"
      open={open}
      onClose={onClose}
      initialValues={{ fileType: 'targetSupportDocument', files: [] }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      onSubmit={async (values) => {
        const ok = await act(
          () =>
            post(E.fileInsert, {
              ownerType: 'YearTask',
              ownerId: task.id,
              fileType: values.fileType,
              fileIds: values.files.map((f) => f.fileId),
            }),
          '附件已上传',
        );
        if (!ok) throw new Error('refused');
      }}
    >
      <Form.Item name="fileType" label="文件类型" rules={[{ required: true, message: '请选择文件类型' }]}>
        <Select options={GOAL_FILE_TYPES.map((value) => ({ value, label: GOAL_FILE_TYPE_LABELS[value] }))} />
      </Form.Item>
      <Form.Item
        name="files"
        label="附件"
        rules={[
          {
            validator: (_, value?: UploadedGoalFile[]) =>
              value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error('请先选取文件!')),
          },
        ]}
      >
        <GoalFileUpload />
      </Form.Item>
    </FormModal>
  );
}

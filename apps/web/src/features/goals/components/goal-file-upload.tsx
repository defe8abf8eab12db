import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { checkFile } from '../../attachments/index.ts';
import { type UploadedGoalFile, uploadGoalFile } from '../api.ts';
import { GOAL_FILE_ACCEPT } from '../goal-labels.ts';

interface GoalFileUploadProps {
  id?: string;
  value?: UploadedGoalFile[];
  onChange?: (files: UploadedGoalFile[]) => void;
}

/**
 * Attachments of a report or request: each chosen file is checked as in the attachment dialog (type,
 * empty, size; spec 2 §5), uploaded at once with a progress bar, and handed over by its file id.
 */
export function GoalFileUpload({ id, value = [], onChange }: GoalFileUploadProps) {
  const [list, setList] = useState<UploadFile<UploadedGoalFile>[]>([]);
  return (
    <Upload<UploadedGoalFile>
      id={id}
      multiple
      accept={GOAL_FILE_ACCEPT}
      fileList={list}
      beforeUpload={(file) => {
        const problem = checkFile(file);
        if (problem) {
          notify.error(problem);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        const raw = file as File;
        uploadGoalFile(raw, (percent) => onProgress?.({ percent }))
          .then((uploaded) => onSuccess?.(uploaded))
          .catch((error: unknown) => {
            const message = error instanceof ApiError ? error.message : `'${raw.name}' 上传失败!`;
            notify.error(message);
            onError?.(new Error(message));
          });
      }}
      onChange={({ file, fileList }) => {
        setList(fileList);
        if (file.status === 'done' && file.response) onChange?.([...value, file.response]);
        if (file.status === 'removed' && file.response) {
          const gone = file.response.fileId;
          onChange?.(value.filter((f) => f.fileId !== gone));
        }
      }}
    >
      <Button icon={<UploadOutlined />}>选择文件</Button>
    </Upload>
  );
}

import { FILE_TYPE_DESCRIPTION_MAX, type FileType, TEXT_LIMITS } from '@eduqa/contract';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { fileTypeKeys, saveFileType } from '../api.ts';

interface FileTypeValues {
  name: string;
  description?: string;
  isEnabled: boolean;
  sort?: number | null;
}

const NAME_MAX = TEXT_LIMITS.small;

/** 新增/编辑文件类型. A built-in type keeps its switch on: the program files attachments under it. */
export function FileTypeFormModal({
  open,
  fileType,
  onClose,
}: {
  open: boolean;
  fileType: FileType | null;
  onClose: () => void;
}) {
  const run = useAction(fileTypeKeys.all);
  const submit = async (values: FileTypeValues) => {
    const input = {
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      isEnabled: values.isEnabled,
      sort: values.sort ?? undefined,
    };
    const saved = await run(
      () => saveFileType(input, fileType?.id),
      fileType ? '文件类型已保存' : '文件类型已新增',
    );
    if (!saved) throw new Error('refused');
  };
  return (
    <FormModal<FileTypeValues>
      title={fileType ? '编辑文件类型' : '新增文件类型'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      name="fileTypeForm"
      initialValues={
        fileType
          ? {
              name: fileType.name,
              description: fileType.description,
              isEnabled: fileType.isEnabled,
              sort: fileType.sort,
            }
          : { isEnabled: true }
      }
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item
        name="name"
        label="类型名称"
        rules={[
          { required: true, whitespace: true, message: '请输入类型名称' },
          { max: NAME_MAX, message: `类型名称最多只能输入${NAME_MAX}个字符` },
        ]}
      >
        <Input placeholder="请输入类型名称" maxLength={NAME_MAX} />
      </Form.Item>
      <Form.Item
        name="description"
        label="类型描述"
        rules={[
          {
            max: FILE_TYPE_DESCRIPTION_MAX,
            message: `类型描述最多只能输入${FILE_TYPE_DESCRIPTION_MAX}个字符`,
          },
        ]}
      >
        <Input.TextArea
          rows={3}
          placeholder="请输入类型描述"
          maxLength={FILE_TYPE_DESCRIPTION_MAX}
          showCount
        />
      </Form.Item>
      <Form.Item
        name="isEnabled"
        label="启用"
        valuePropName="checked"
        extra={fileType?.isBuiltIn ? '内置类型：诊断改进与目标任务的附件按它归档，不能停用' : undefined}
      >
        <Switch disabled={fileType?.isBuiltIn ?? false} />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

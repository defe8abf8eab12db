import { TEXT_LIMITS, type UserTypeWire } from '@eduqa/contract';
import { Form, Input } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveUserType, useRefreshSystem } from '../api.ts';

interface UserTypeValues {
  userTypeName: string;
}

/** 新增/编辑用户类型. */
export function UserTypeFormModal({
  open,
  userType,
  onClose,
}: {
  open: boolean;
  userType: UserTypeWire | null;
  onClose: () => void;
}) {
  const refresh = useRefreshSystem();

  const save = async (values: UserTypeValues) => {
    const body = { userTypeName: values.userTypeName.trim() };
    await saveUserType(body, userType?.userTypeId);
    notify.success(userType ? '用户类型已保存' : '用户类型已新增');
    void refresh();
  };

  return (
    <FormModal<UserTypeValues>
      title={userType ? '编辑用户类型' : '新增用户类型'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="userTypeForm"
      initialValues={{ userTypeName: userType?.userTypeName ?? '' }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item
        name="userTypeName"
        label="用户类型名称"
        required
        rules={[
          { required: true, whitespace: true, message: '请输入用户类型名称' },
          { max: TEXT_LIMITS.default, message: `用户类型名称最多只能输入${TEXT_LIMITS.default}个字符` },
        ]}
      >
        <Input placeholder="请输入用户类型名称" maxLength={TEXT_LIMITS.default} />
      </Form.Item>
    </FormModal>
  );
}

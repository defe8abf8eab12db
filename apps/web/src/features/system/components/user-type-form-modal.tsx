import { orgEndpoints, TEXT_LIMITS, type UserTypeWire } from '@eduqa/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { call } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { useRefreshSystem } from '../api.ts';
import { MODAL_WIDTH } from './modal-width.ts';

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
  const [form] = Form.useForm<{ userTypeName: string }>();
  const [isSaving, setSaving] = useState(false);
  const refresh = useRefreshSystem();

  const submit = async () => {
    let values: { userTypeName: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { userTypeName: values.userTypeName.trim() };
    setSaving(true);
    try {
      if (userType) {
        await call(orgEndpoints.adminUpdateUserType, {
          params: { id: userType.userTypeId },
          body,
          json: true,
        });
      } else {
        await call(orgEndpoints.adminCreateUserType, { body, json: true });
      }
    } catch {
      return;
    } finally {
      setSaving(false);
    }
    notify.success(userType ? '用户类型已保存' : '用户类型已新增');
    void refresh();
    onClose();
  };

  return (
    <Modal
      title={userType ? '编辑用户类型' : '新增用户类型'}
      open={open}
      width={MODAL_WIDTH}
      okText="确定"
      cancelText="取消"
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={() => {
        if (!isSaving) onClose();
      }}
      mask={{ closable: false }}
    >
      <Form
        name="userTypeForm"
        form={form}
        initialValues={{ userTypeName: userType?.userTypeName ?? '' }}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 16 }}
        disabled={isSaving}
        style={{ marginTop: 24 }}
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
      </Form>
    </Modal>
  );
}

import type { NoticeSettings, NoticeSettingsBody } from '@eduqa/contract';
import {
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Switch,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { deliveryKeys, saveDeliverySettings, sendTestEmail, useDeliverySettings } from './api.ts';
import { CATEGORY_OPTIONS } from './category-options.ts';

type Values = Omit<NoticeSettingsBody, 'smtpPassword'> & { smtpPassword?: string };

const DAY_OPTIONS = [1, 2, 3, 5, 7, 14].map((value) => ({ value, label: `${value} 天` }));

/**
 * 消息推送: the reminders' days, the platform's address for links, the school's SMTP server and which
 * categories people get by e-mail until they choose. The password is never shown: left empty, the stored one
 * is kept.
 */
function SettingsForm({ initial }: { initial: NoticeSettings }) {
  const [form] = Form.useForm<Values>();
  const act = useAction(deliveryKeys.all);
  const [isSaving, setSaving] = useState(false);
  const [testTo, setTestTo] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setSaving(true);
    const { smtpPassword, ...rest } = values;
    await act(
      () => saveDeliverySettings({ ...rest, ...(smtpPassword ? { smtpPassword } : {}) }),
      '消息推送设置已保存',
    );
    setSaving(false);
  };

  return (
    <>
      <Form<Values>
        name="noticeDeliveryForm"
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ ...initial, smtpPassword: '' }}
        onFinish={(values) => void submit(values)}
        disabled={isSaving}
      >
        <Form.Item name="reminderDays" label="到期前提醒（另在逾期当天提醒一次）">
          <Select mode="multiple" options={DAY_OPTIONS} placeholder="不在到期前提醒" />
        </Form.Item>
        <Form.Item
          name="publicUrl"
          label="平台访问地址"
          extra="邮件和群机器人消息中的链接以此开头，如 https://eduqa.example.edu.cn"
        >
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="smtpHost" label="SMTP 服务器" style={{ flex: '1 1 240px' }}>
            <Input placeholder="smtp.example.edu.cn" maxLength={200} />
          </Form.Item>
          <Form.Item name="smtpPort" label="端口" rules={[{ required: true, message: '请输入端口' }]}>
            <InputNumber min={1} max={65535} precision={0} />
          </Form.Item>
          <Form.Item name="smtpSecure" label="SSL/TLS" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="smtpUser" label="账号" style={{ flex: '1 1 200px' }}>
            <Input autoComplete="off" maxLength={200} />
          </Form.Item>
          <Form.Item
            name="smtpPassword"
            label="密码"
            style={{ flex: '1 1 200px' }}
            extra={initial.hasSmtpPassword ? '已保存密码；留空则不修改' : undefined}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
        </Flex>
        <Form.Item name="smtpFrom" label="发件人地址">
          <Input placeholder="eduqa@example.edu.cn" maxLength={200} />
        </Form.Item>
        <Form.Item name="emailCategories" label="默认发送邮件的消息（个人可在「消息设置」中修改）">
          <Checkbox.Group options={CATEGORY_OPTIONS} />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={isSaving}>
            保存消息推送设置
          </Button>
          <Tooltip title={initial.smtpHost ? undefined : '请先填写并保存 SMTP 服务器'}>
            <Button onClick={() => setTestTo('')} disabled={!initial.smtpHost}>
              发送测试邮件
            </Button>
          </Tooltip>
        </Flex>
      </Form>
      <Modal
        title="发送测试邮件"
        open={testTo !== null}
        okText="发送"
        cancelText="取消"
        onCancel={() => setTestTo(null)}
        onOk={async () => {
          if (testTo && (await act(() => sendTestEmail(testTo), `测试邮件已发送到 ${testTo}`)))
            setTestTo(null);
        }}
        destroyOnHidden
      >
        <p>用已保存的设置发送一封测试邮件。</p>
        <Input
          aria-label="收件地址"
          placeholder="收件地址"
          value={testTo ?? ''}
          onChange={(event) => setTestTo(event.target.value)}
          maxLength={200}
        />
      </Modal>
    </>
  );
}

export function DeliverySettingsForm() {
  const { data, isLoading } = useDeliverySettings();
  return isLoading || !data ? <Skeleton active paragraph={{ rows: 4 }} /> : <SettingsForm initial={data} />;
}

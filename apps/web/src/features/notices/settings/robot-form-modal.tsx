import {
  type NoticeRobot,
  type NoticeRobotBody,
  ROBOT_CHANNEL_LABELS,
  ROBOT_CHANNELS,
  type RobotChannel,
} from '@eduqa/contract';
import { Checkbox, Form, Input, Radio, Switch } from 'antd';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { DepartmentTreeSelect } from '../../org/index.ts';
import { CATEGORY_OPTIONS } from './category-options.ts';

type Values = Omit<NoticeRobotBody, 'departmentId'> & { departmentId?: string | undefined };

const WEBHOOK_HELP: Record<RobotChannel, string> = {
  wecom: '群聊 › 添加群机器人 › 复制 Webhook 地址',
  dingtalk: '群设置 › 机器人 › 自定义机器人；安全设置选「加签」时填写下方密钥',
  feishu: '群设置 › 群机器人 › 自定义机器人；开启签名校验时填写下方密钥',
};

/**
 * A group robot: its channel, webhook (kept sealed; left empty on an edit keeps the stored one), the 加签
 * secret, whose messages it posts (a department's people, or the administrators) and which categories.
 */
export function RobotFormModal(props: {
  robot: NoticeRobot | null;
  open: boolean;
  onClose: () => void;
  onSave: (body: NoticeRobotBody) => Promise<boolean>;
}) {
  const { robot } = props;
  const isNew = robot === null;
  return (
    <FormModal<Values>
      title={isNew ? '新增群机器人' : `编辑群机器人「${robot.name}」`}
      open={props.open}
      onClose={props.onClose}
      name="robotForm"
      layout="vertical"
      initialValues={
        robot
          ? { ...robot, departmentId: robot.departmentId ?? undefined }
          : { channel: 'wecom', categories: ['urge', 'reminder'], enabled: true }
      }
      onSubmit={async ({ webhook, secret, departmentId, ...values }) => {
        const body: NoticeRobotBody = {
          ...values,
          ...(robot ? { id: robot.id } : {}),
          ...(webhook ? { webhook } : {}),
          ...(secret ? { secret } : {}),
          departmentId: departmentId ?? null,
        };
        if (!(await props.onSave(body))) throw new Error('not saved');
        props.onClose();
      }}
    >
      <Form.Item
        name="name"
        label="名称"
        rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
      >
        <Input maxLength={50} placeholder="如：教务处工作群" />
      </Form.Item>
      <Form.Item name="channel" label="渠道">
        <Radio.Group
          options={ROBOT_CHANNELS.map((value) => ({ value, label: ROBOT_CHANNEL_LABELS[value] }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['channel']}>
        {({ getFieldValue }) => (
          <Form.Item
            name="webhook"
            label="Webhook 地址"
            extra={
              isNew
                ? WEBHOOK_HELP[getFieldValue('channel') as RobotChannel]
                : `已保存（${robot.webhookHint}）；留空则不修改`
            }
            rules={isNew ? [{ required: true, message: '请填写 Webhook 地址' }] : []}
          >
            <Input autoComplete="off" maxLength={500} placeholder="https://" />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item
        name="secret"
        label="加签密钥（钉钉、飞书，可选）"
        extra={robot?.hasSecret ? '已保存密钥；留空则不修改' : undefined}
      >
        <Input.Password autoComplete="new-password" maxLength={200} />
      </Form.Item>
      <Form.Item name="departmentId" label="推送哪个部门的消息（不选为管理员的消息）">
        <DepartmentTreeSelect width={320} />
      </Form.Item>
      <Form.Item
        name="categories"
        label="消息类别"
        rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个消息类别' }]}
      >
        <Checkbox.Group options={CATEGORY_OPTIONS} />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

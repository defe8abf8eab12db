import { ManOutlined, QuestionCircleOutlined, WomanOutlined } from '@ant-design/icons';
import {
  EMAIL_RE,
  type LoginResultWire,
  MESSAGES,
  orgEndpoints,
  PHONE_RE,
  QQ_RE,
  TEXT_LIMITS,
} from '@eduqa/contract';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { call, upload } from '../../shared/api/client.ts';
import { notify } from '../../shared/ui/feedback.tsx';
import { MODAL_WIDTH } from '../../shared/ui/form-modal.tsx';
import { problemRule } from '../../shared/ui/problem-rule.ts';
import { mergeUser, useSession } from '../session/index.ts';
import { AvatarEditor } from './avatar-editor.tsx';
import { ExitConfirmModal } from './exit-confirm-modal.tsx';
import { GenderModal } from './gender-modal.tsx';
import {
  type AvatarChange,
  hasProfileChanges,
  isValidContact,
  type ProfileValues,
  profileValuesOf,
  trimProfile,
} from './profile-form.ts';

type ContactValues = Pick<ProfileValues, 'email' | 'phone' | 'qq'>;

const contactRule = (pattern: RegExp, message: string) =>
  problemRule((value) => (isValidContact(value, pattern) ? null : message));

const RULES = {
  email: [contactRule(EMAIL_RE, MESSAGES.email)],
  phone: [contactRule(PHONE_RE, MESSAGES.phone)],
  qq: [contactRule(QQ_RE, MESSAGES.qq)],
};

function GenderIcon({ sex }: { sex: string }) {
  if (sex === '1') return <ManOutlined style={{ color: '#1677ff' }} />;
  if (sex === '2') return <WomanOutlined style={{ color: '#eb2f96' }} />;
  return <QuestionCircleOutlined style={{ color: '#bfbfbf' }} />;
}

interface PersonalCenterModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 个人中心 (spec 2 §2.10). Each opening starts from the stored user: the dialog body is remounted
 * (new key) whenever `open` turns true, so nothing abandoned last time survives.
 */
export function PersonalCenterModal({ open, onClose }: PersonalCenterModalProps) {
  const { user } = useSession();
  const [generation, setGeneration] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setGeneration((value) => value + 1);
  }
  if (!user) return null;
  return <PersonalCenterDialog key={generation} open={open} user={user} onClose={onClose} />;
}

interface PersonalCenterDialogProps {
  open: boolean;
  user: LoginResultWire;
  onClose: () => void;
}

function PersonalCenterDialog({ open, user, onClose }: PersonalCenterDialogProps) {
  const [form] = Form.useForm<ContactValues>();
  // The values as the dialog opened: the guard compares against them, not against the live store.
  const [initial] = useState(() => profileValuesOf(user));
  const [sex, setSex] = useState(initial.sex);
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: 'none' });
  const [isGenderOpen, setGenderOpen] = useState(false);
  const [isExitOpen, setExitOpen] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [isCompressing, setCompressing] = useState(false);

  /** Sends the info update, then the portrait change if one is pending; true when all succeeded. */
  const save = async (): Promise<boolean> => {
    let values: ContactValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    setSaving(true);
    try {
      // Failures are toasted by the client with the server's message; the dialog stays open.
      mergeUser(await call(orgEndpoints.updatePersonalInfo, { body: trimProfile({ ...values, sex }) }));
      notify.success('个人信息修改成功');
      if (avatar.kind === 'default') {
        mergeUser(await call(orgEndpoints.changePortrait, { body: { useDefault: true } }));
        notify.success('头像修改成功');
      } else if (avatar.kind === 'file') {
        const formData = new FormData();
        formData.append('file', avatar.file, avatar.file.name);
        setProgress(0);
        mergeUser(await upload(orgEndpoints.changePortrait, formData, { onProgress: setProgress }));
        notify.success('头像修改成功');
      }
      setAvatar({ kind: 'none' });
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const requestClose = () => {
    if (isSaving) return;
    if (hasProfileChanges(initial, { ...form.getFieldsValue(), sex }, avatar)) setExitOpen(true);
    else onClose();
  };

  const saveAndClose = async () => {
    if (await save()) onClose();
  };

  const saveFromGuard = async () => {
    const saved = await save();
    setExitOpen(false);
    if (saved) onClose();
  };

  const discard = () => {
    setExitOpen(false);
    onClose();
  };

  // The two small dialogs are siblings, not children: a closing antd Modal stops re-rendering its
  // children, so a nested one would miss its own `open={false}` and stay on screen.
  return (
    <>
      <Modal
        title="个人中心"
        open={open}
        width={MODAL_WIDTH}
        onCancel={requestClose}
        mask={{ closable: false }}
        footer={[
          <Button key="cancel" onClick={requestClose} disabled={isSaving}>
            取消
          </Button>,
          <Button
            key="save"
            type="primary"
            loading={isSaving}
            disabled={isCompressing}
            onClick={() => void saveAndClose()}
          >
            保存
          </Button>,
        ]}
      >
        <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
          <AvatarEditor
            photoUrl={user.displayPhoto}
            change={avatar}
            onChange={setAvatar}
            progress={progress}
            disabled={isSaving}
            onCompressingChange={setCompressing}
          />
          <Flex align="center" gap={4}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {user.userName}
            </Typography.Text>
            <Button
              type="text"
              size="small"
              aria-label="修改性别"
              title="修改性别"
              icon={<GenderIcon sex={sex} />}
              onClick={() => setGenderOpen(true)}
              disabled={isSaving}
            />
          </Flex>
        </Flex>
        <Form<ContactValues>
          form={form}
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 17 }}
          initialValues={{ email: initial.email, phone: initial.phone, qq: initial.qq }}
          disabled={isSaving}
        >
          <Form.Item label="部门">
            <Input value={user.departmentName ?? '—'} disabled aria-label="部门" />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={RULES.email}>
            <Input placeholder="请输入邮箱" maxLength={TEXT_LIMITS.default} allowClear />
          </Form.Item>
          <Form.Item name="phone" label="联系电话" rules={RULES.phone}>
            <Input placeholder="请输入联系电话" maxLength={TEXT_LIMITS.default} allowClear />
          </Form.Item>
          <Form.Item name="qq" label="QQ" rules={RULES.qq}>
            <Input placeholder="请输入QQ" maxLength={TEXT_LIMITS.default} allowClear />
          </Form.Item>
        </Form>
      </Modal>
      <GenderModal
        open={isGenderOpen}
        value={sex}
        onOk={(value) => {
          setSex(value);
          setGenderOpen(false);
        }}
        onCancel={() => setGenderOpen(false)}
      />
      <ExitConfirmModal
        open={isExitOpen}
        saving={isSaving}
        onSave={() => void saveFromGuard()}
        onDiscard={discard}
        onCancel={() => setExitOpen(false)}
      />
    </>
  );
}

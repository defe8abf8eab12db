import type { LoginResultWire } from '@eduqa/contract';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { MODAL_WIDTH } from '../../shared/ui/form-modal.tsx';
import { useSession } from '../session/index.ts';
import { ExitConfirmModal } from './exit-confirm-modal.tsx';
import { GenderModal } from './gender-modal.tsx';
import { ProfileContactForm } from './profile-contact-form.tsx';
import { type AvatarChange, type ContactValues, hasProfileChanges, profileValuesOf } from './profile-form.ts';
import { ProfileHeader } from './profile-header.tsx';
import { useProfileSave } from './use-profile-save.ts';

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
  const { isSaving, progress, save } = useProfileSave({ form, sex, avatar, setAvatar });
  const [isCompressing, setCompressing] = useState(false);

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
        <ProfileHeader
          user={user}
          sex={sex}
          avatar={avatar}
          onAvatar={setAvatar}
          progress={progress}
          isSaving={isSaving}
          onCompressingChange={setCompressing}
          onEditGender={() => setGenderOpen(true)}
        />
        <ProfileContactForm
          form={form}
          initial={initial}
          departmentName={user.departmentName}
          isSaving={isSaving}
        />
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

import { orgEndpoints } from '@eduqa/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { call, upload } from '../../shared/api/client.ts';
import { notify } from '../../shared/ui/feedback.tsx';
import { mergeUser } from '../session/index.ts';
import { type AvatarChange, type ContactValues, trimProfile } from './profile-form.ts';

interface ProfileSaveInput {
  form: FormInstance<ContactValues>;
  sex: string;
  avatar: AvatarChange;
  setAvatar: (change: AvatarChange) => void;
}

/** 保存 of the personal centre: the info, then the portrait change if one is pending, with its progress. */
export function useProfileSave({ form, sex, avatar, setAvatar }: ProfileSaveInput) {
  const [isSaving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

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

  return { isSaving, progress, save };
}

import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_KB, formatFileSize } from '@eduqa/contract';
import { Avatar, Button, Progress, Space, Spin, Typography } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { compressImage, isWithinTarget } from '../../shared/image/compress-image.ts';
import { notify } from '../../shared/ui/feedback.tsx';
import { AVATAR_ACCEPT, type AvatarChange, avatarTooLargeMessage, checkAvatarFile } from './profile-form.ts';

/** Spec 2 §2.10 and §9: the avatar is shown at 85. */
export const AVATAR_SIZE = 85;

interface AvatarEditorProps {
  /** The current avatar (`displayPhoto`); null shows the default avatar. */
  photoUrl: string | null;
  change: AvatarChange;
  onChange: (change: AvatarChange) => void;
  /** Upload progress in percent while saving; null hides the bar. */
  progress: number | null;
  disabled: boolean;
  /** Tells the dialog to hold its save button while a large picture is being compressed. */
  onCompressingChange: (isCompressing: boolean) => void;
}

/** A local preview of the chosen file, released when the file changes or the editor goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function AvatarEditor({
  photoUrl,
  change,
  onChange,
  progress,
  disabled,
  onCompressingChange,
}: AvatarEditorProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [compressing, setCompressing] = useState(false);
  const [compressedFrom, setCompressedFrom] = useState<number | null>(null);
  const previewUrl = useObjectUrl(change.kind === 'file' ? change.file : null);
  const shownUrl = change.kind === 'file' ? previewUrl : change.kind === 'default' ? null : photoUrl;
  const isBusy = disabled || compressing;

  const pick = () => {
    if (!isBusy) inputRef.current?.click();
  };

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    let chosen = file;
    if (!isWithinTarget(file.size, AVATAR_MAX_KB)) {
      setCompressing(true);
      onCompressingChange(true);
      try {
        chosen = await compressImage(file, { targetKB: AVATAR_MAX_KB });
      } catch (error) {
        notify.error(error instanceof Error ? error.message : '图片压缩失败');
        return;
      } finally {
        setCompressing(false);
        onCompressingChange(false);
      }
    }
    // bmp and webp are not compressed, and a pathological picture may stay too big.
    if (!isWithinTarget(chosen.size, AVATAR_MAX_KB)) {
      notify.error(avatarTooLargeMessage(file.name));
      return;
    }
    setCompressedFrom(chosen === file ? null : file.size);
    onChange({ kind: 'file', file: chosen });
  };

  const restoreDefault = () => {
    setCompressedFrom(null);
    onChange({ kind: 'default' });
  };

  return (
    <Space orientation="vertical" align="center" size={8}>
      <Spin spinning={compressing} description="正在压缩图片…">
        <button
          type="button"
          aria-label="头像（点击更换）"
          title="点击更换头像"
          onClick={pick}
          disabled={isBusy}
          style={{ padding: 0, border: 'none', background: 'none', cursor: isBusy ? 'default' : 'pointer' }}
        >
          <Avatar
            size={AVATAR_SIZE}
            src={shownUrl ?? undefined}
            icon={<UserOutlined />}
            alt="头像"
            data-testid="profile-avatar"
          />
        </button>
      </Spin>
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_ACCEPT}
        hidden
        aria-label="选择头像文件"
        onChange={(event) => void onFileChosen(event)}
      />
      <Space size={4}>
        <Button size="small" icon={<UploadOutlined />} onClick={pick} disabled={isBusy}>
          更换头像
        </Button>
        <Button
          size="small"
          type="link"
          onClick={restoreDefault}
          disabled={isBusy || change.kind === 'default'}
        >
          恢复默认头像
        </Button>
      </Space>
      {change.kind === 'file' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="avatar-file-note">
          {compressedFrom === null
            ? `已选择 ${change.file.name}（${formatFileSize(change.file.size)}），保存后生效`
            : `图片已压缩：${formatFileSize(compressedFrom)} → ${formatFileSize(change.file.size)}，保存后生效`}
        </Typography.Text>
      )}
      {change.kind === 'default' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          将恢复默认头像，保存后生效
        </Typography.Text>
      )}
      {progress !== null && (
        <Progress aria-label="上传进度" percent={progress} size="small" style={{ width: 220 }} />
      )}
    </Space>
  );
}

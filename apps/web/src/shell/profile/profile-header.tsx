import { ManOutlined, QuestionCircleOutlined, WomanOutlined } from '@ant-design/icons';
import type { LoginResultWire } from '@eduqa/contract';
import { Button, Flex, Typography } from 'antd';
import { AvatarEditor } from './avatar-editor.tsx';
import type { AvatarChange } from './profile-form.ts';

function GenderIcon({ sex }: { sex: string }) {
  if (sex === '1') return <ManOutlined style={{ color: '#1677ff' }} />;
  if (sex === '2') return <WomanOutlined style={{ color: '#eb2f96' }} />;
  return <QuestionCircleOutlined style={{ color: '#bfbfbf' }} />;
}

/** The portrait (changed in place), the user's name and the gender icon that opens 修改性别. */
export function ProfileHeader({
  user,
  sex,
  avatar,
  onAvatar,
  progress,
  isSaving,
  onCompressingChange,
  onEditGender,
}: {
  user: LoginResultWire;
  sex: string;
  avatar: AvatarChange;
  onAvatar: (change: AvatarChange) => void;
  progress: number | null;
  isSaving: boolean;
  onCompressingChange: (isCompressing: boolean) => void;
  onEditGender: () => void;
}) {
  return (
    <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
      <AvatarEditor
        photoUrl={user.displayPhoto}
        change={avatar}
        onChange={onAvatar}
        progress={progress}
        disabled={isSaving}
        onCompressingChange={onCompressingChange}
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
          onClick={onEditGender}
          disabled={isSaving}
        />
      </Flex>
    </Flex>
  );
}

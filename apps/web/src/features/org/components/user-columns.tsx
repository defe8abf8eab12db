import type { UserWire } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';

interface UserColumnsContext {
  /** The signed-in user, who may not disable himself. */
  meId: string | undefined;
  onEdit: (user: UserWire) => void;
  onToggle: (user: UserWire) => Promise<void>;
  onResetPassword: (user: UserWire) => void;
}

/** 用户管理's columns: who, where, roles, state, and 编辑, 启用/停用 and 重置密码. */
export function userColumns(ctx: UserColumnsContext): TableColumnsType<UserWire> {
  return [
    { title: '账号', dataIndex: 'account', width: 140, ellipsis: true },
    { title: '姓名', dataIndex: 'userName', width: 120, ellipsis: true },
    {
      title: '部门',
      dataIndex: 'departmentName',
      ellipsis: true,
      render: (value: string | null) => value ?? '-',
    },
    {
      title: '用户类型',
      dataIndex: 'userTypeName',
      width: 110,
      render: (value: string | null) => value ?? '-',
    },
    {
      title: '角色',
      dataIndex: 'roles',
      // The administrators' list always carries roles; null only reaches other callers' lists.
      render: (value: UserWire['roles']) =>
        value?.length ? (
          <Space size={[4, 4]} wrap>
            {value.map((role) => (
              <Tag key={role.roleId} style={{ marginInlineEnd: 0 }}>
                {role.roleName}
              </Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 80,
      render: (disabled: boolean) => (disabled ? <Tag color="red">停用</Tag> : <Tag color="green">启用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, user) => {
        const isMe = user.userId === ctx.meId;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => ctx.onEdit(user)}>
              编辑
            </Button>
            {/* Two keys: after a toggle the other action mounts afresh, its confirmation closed. */}
            {user.disabled ? (
              <ConfirmLink
                key="enable"
                title={`确定启用用户「${user.userName}」吗？`}
                okText="确定"
                onConfirm={() => ctx.onToggle(user)}
              >
                启用
              </ConfirmLink>
            ) : (
              <ConfirmLink
                key="disable"
                title={`确定停用用户「${user.userName}」吗？`}
                description="停用后该用户将立即退出登录，且无法再登录。"
                okText="停用"
                isDanger
                disabledReason={isMe ? '不能停用自己的账号' : undefined}
                onConfirm={() => ctx.onToggle(user)}
              >
                停用
              </ConfirmLink>
            )}
            <Button type="link" size="small" onClick={() => ctx.onResetPassword(user)}>
              重置密码
            </Button>
          </Space>
        );
      },
    },
  ];
}

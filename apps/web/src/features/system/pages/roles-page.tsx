import { PlusOutlined } from '@ant-design/icons';
import { ACTION_LABELS, MENU_LABELS, orgEndpoints, type RoleDetailWire } from '@eduqa/contract';
import { Button, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { call } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { useAdminRoles, useRefreshSystem } from '../api.ts';
import { PageCard } from '../components/page-card.tsx';
import { RoleFormModal } from '../components/role-form-modal.tsx';
import { useDialog } from '../components/use-dialog.ts';
import { PAGE_SIZE, PAGINATION } from '../paging.ts';

function labelsOf(values: string[], labels: Record<string, string>) {
  if (values.length === 0) return '-';
  return (
    <Space size={[4, 4]} wrap>
      {values.map((value) => (
        <Tag key={value} style={{ marginInlineEnd: 0 }}>
          {labels[value] ?? value}
        </Tag>
      ))}
    </Space>
  );
}

/** 角色管理: each role's name and the menus and actions it grants. */
export default function RolesPage() {
  const [keyword, setKeyword] = useState<string>();
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useAdminRoles({ keyword, pageNum, pageSize: PAGE_SIZE });
  const refresh = useRefreshSystem();
  const dialog = useDialog<RoleDetailWire>();

  const remove = async (role: RoleDetailWire) => {
    try {
      await call(orgEndpoints.adminDeleteRole, { params: { id: role.roleId } });
    } catch {
      return;
    }
    notify.success(`已删除角色「${role.roleName}」`);
    // The last row of the last page gone: step back a page instead of showing an empty one.
    if (data && data.records.length === 1 && pageNum > 1) setPageNum(pageNum - 1);
    await refresh();
  };

  const columns: TableColumnsType<RoleDetailWire> = [
    { title: '角色名称', dataIndex: 'roleName', width: 180, ellipsis: true },
    {
      title: '内置',
      dataIndex: 'builtin',
      width: 80,
      render: (builtin: boolean) => (builtin ? <Tag color="blue">是</Tag> : <Tag>否</Tag>),
    },
    {
      title: '菜单权限',
      dataIndex: 'menuKeys',
      render: (keys: string[]) => labelsOf(keys, MENU_LABELS),
    },
    {
      title: '操作权限',
      dataIndex: 'actions',
      width: 260,
      render: (actions: string[]) => labelsOf(actions, ACTION_LABELS),
    },
    {
      title: '操作',
      key: 'actions-column',
      width: 130,
      render: (_, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => dialog.show(role)}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除角色「${role.roleName}」吗？`}
            description="删除后不可恢复。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            disabled={role.builtin}
            onConfirm={() => remove(role)}
          >
            <Tooltip title={role.builtin ? '内置角色不能删除' : undefined}>
              <Button type="link" size="small" danger disabled={role.builtin}>
                删除
              </Button>
            </Tooltip>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageCard
      title="角色管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.show()}>
          新增角色
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="请输入角色名称"
          allowClear
          style={{ width: 240 }}
          maxLength={60}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPageNum(1);
          }}
        />
      </Space>
      <Table<RoleDetailWire>
        rowKey="roleId"
        size="middle"
        columns={columns}
        dataSource={data?.records ?? []}
        loading={isFetching}
        pagination={{ ...PAGINATION, current: pageNum, total: data?.total ?? 0, onChange: setPageNum }}
      />
      <RoleFormModal key={dialog.key} open={dialog.open} role={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}

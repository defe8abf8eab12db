import { NOTICE_CATEGORY_LABELS, type NoticeRobot, ROBOT_CHANNEL_LABELS } from '@eduqa/contract';
import { Button, Flex, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { deleteRobot, deliveryKeys, saveRobot, testRobot, useRobots } from './api.ts';
import { RobotFormModal } from './robot-form-modal.tsx';

/** 群机器人: 企业微信, 钉钉 and 飞书 group webhooks, each posting one department's messages or the administrators'. */
export function RobotsTable() {
  const { data, isLoading } = useRobots();
  const act = useAction(deliveryKeys.all);
  const [editing, setEditing] = useState<NoticeRobot | null | undefined>(undefined);

  const columns: TableColumnsType<NoticeRobot> = [
    { title: '名称', dataIndex: 'name', fixed: 'left', width: 160 },
    {
      title: '渠道',
      dataIndex: 'channel',
      width: 90,
      render: (channel: NoticeRobot['channel']) => ROBOT_CHANNEL_LABELS[channel],
    },
    { title: '推送谁的消息', key: 'who', width: 160, render: (_, robot) => robot.departmentName ?? '管理员' },
    {
      title: '消息类别',
      dataIndex: 'categories',
      render: (categories: NoticeRobot['categories']) =>
        categories.map((c) => NOTICE_CATEGORY_LABELS[c]).join('、'),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, robot) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => void act(() => testRobot(robot.id), `已向「${robot.name}」发送测试消息`)}
          >
            测试
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(robot)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除群机器人「${robot.name}」吗？`}
            okText="删除"
            isDanger
            onConfirm={() => act(() => deleteRobot(robot.id), `群机器人「${robot.name}」已删除`)}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <div>
        <Button type="primary" onClick={() => setEditing(null)}>
          新增群机器人
        </Button>
      </div>
      <Table<NoticeRobot>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data ?? []}
        loading={isLoading}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{ emptyText: '尚未添加群机器人' }}
      />
      <RobotFormModal
        robot={editing ?? null}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSave={(body) => act(() => saveRobot(body), `群机器人「${body.name}」已保存`)}
      />
    </Flex>
  );
}

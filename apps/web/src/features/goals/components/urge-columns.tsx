import { goalsEndpoints as E, URGE_CURRENT_STATUS_LABELS, URGE_TYPE_LABELS } from '@eduqa/contract';
import { type TableColumnsType, Tag } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { post, type UrgeRow } from '../api.ts';

/** 处理: who accepted the urge and when, else a dash. */
function AcceptorCell({ urge: u }: { urge: UrgeRow }) {
  if (!u.acceptorName) return '—';
  return (
    <>
      <div>{u.acceptorName}</div>
      <div style={{ color: TEXT_COLORS.muted }}>{u.acceptedAt}</div>
    </>
  );
}

/** The urge list's columns; 处理 where the caller answers for the urged department. */
export function urgeColumns({
  act,
  canAccept,
}: {
  act: RunAction;
  canAccept: (urge: UrgeRow) => boolean;
}): TableColumnsType<UrgeRow> {
  return [
    { key: 'yearTarget', title: '年度目标', dataIndex: 'yearTargetName', ellipsis: true },
    { key: 'department', title: '督办部门', dataIndex: 'departmentName', width: 130 },
    {
      key: 'status',
      title: '当前状态',
      width: 110,
      render: (_, u) => (
        <Tag color={u.currentStatus === 1 ? 'red' : 'orange'}>
          {URGE_CURRENT_STATUS_LABELS[u.currentStatus]}
        </Tag>
      ),
    },
    { key: 'content', title: '督办内容', dataIndex: 'content', render: (v: string) => v || '—' },
    { key: 'urger', title: '督办人', dataIndex: 'urgerName', width: 90 },
    { key: 'urgedAt', title: '督办时间', dataIndex: 'urgedAt', width: 110 },
    {
      key: 'type',
      title: '督办类型',
      width: 100,
      render: (_, u) => (
        <Tag color={u.urgeType === 0 ? 'processing' : 'success'}>{URGE_TYPE_LABELS[u.urgeType]}</Tag>
      ),
    },
    {
      key: 'acceptor',
      title: '处理',
      width: 120,
      render: (_, u) => <AcceptorCell urge={u} />,
    },
    {
      key: 'actions',
      title: '操作',
      width: 90,
      render: (_, u) =>
        canAccept(u) ? (
          <ConfirmLink
            title="确定已处理该督办吗？"
            description={`${u.yearTargetName}：${URGE_CURRENT_STATUS_LABELS[u.currentStatus]}`}
            okText="处理"
            onConfirm={async () => {
              await act(() => post(E.urgeAccept, { id: u.id }), '督办已处理');
            }}
          >
            处理
          </ConfirmLink>
        ) : null,
    },
  ];
}

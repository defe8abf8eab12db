import { annualEndpoints as E } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import type { RunAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { type MissionRow, post } from '../api.ts';

/** The mission statement list's columns; 编辑 and 删除 where the caller may change the statement. */
export function missionColumns({
  act,
  onEdit,
}: {
  act: RunAction;
  onEdit: (row: MissionRow) => void;
}): TableColumnsType<MissionRow> {
  return [
    { key: 'title', title: '任务书标题', dataIndex: 'title', width: 260, ellipsis: true },
    { key: 'task', title: '目标任务', dataIndex: 'taskName', width: 200, ellipsis: true },
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 130 },
    {
      key: 'content',
      title: '内容',
      render: (_, m) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: m.content }} style={{ margin: 0 }}>
          {m.content}
        </Typography.Paragraph>
      ),
    },
    { key: 'signedDate', title: '签订日期', width: 110, render: (_, m) => m.signedDate ?? '—' },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      render: (_, m) =>
        m.canEdit ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onEdit(m)}>
              编辑
            </Button>
            <ConfirmLink
              title={`确定删除任务书「${m.title}」吗？`}
              okText="删除"
              isDanger
              onConfirm={async () => {
                await act(() => post(E.missionStatementDelete, { ids: [m.id] }), '任务书已删除');
              }}
            >
              删除
            </ConfirmLink>
          </Space>
        ) : (
          <span style={{ color: 'rgba(0,0,0,0.25)' }}>—</span>
        ),
    },
  ];
}

import { StarFilled, StarOutlined } from '@ant-design/icons';
import { AUDIT_STATE_LABELS, type AuditState, type QualityRow } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { canRevise } from '../values.ts';

const AUDIT_COLORS: Record<AuditState, string> = {
  draft: 'default',
  submitted: 'processing',
  passed: 'success',
  refused: 'error',
};

function AuditTag({ row }: { row: QualityRow }) {
  const tag = <Tag color={AUDIT_COLORS[row.auditState]}>{AUDIT_STATE_LABELS[row.auditState]}</Tag>;
  return row.auditState === 'refused' && row.auditReason ? (
    <Tooltip title={`不通过原因：${row.auditReason}`}>{tag}</Tooltip>
  ) : (
    tag
  );
}

interface PointWorkColumnsContext {
  onRevise: (row: QualityRow) => void;
  onToggleFocus: (row: QualityRow) => void;
}

/** The columns an object task's work page adds to the quality table: 审核状态 and 操作. */
export function pointWorkColumns(ctx: PointWorkColumnsContext): TableColumnsType<QualityRow> {
  return [
    { key: 'auditState', title: '审核状态', width: 100, render: (_, row) => <AuditTag row={row} /> },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {canRevise(row) ? (
            <Button type="link" size="small" onClick={() => ctx.onRevise(row)}>
              修正
            </Button>
          ) : null}
          <Tooltip title={row.focus ? '取消关注' : '关注'}>
            <Button
              type="text"
              size="small"
              aria-label={`${row.focus ? '取消关注' : '关注'}：${row.name}`}
              aria-pressed={row.focus}
              icon={row.focus ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => ctx.onToggleFocus(row)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];
}

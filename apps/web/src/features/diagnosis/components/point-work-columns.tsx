import { StarFilled, StarOutlined } from '@ant-design/icons';
import { AUDIT_STATE_LABELS, type AuditState, type QualityRow } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { canRevise } from '../values.ts';

const AUDIT_COLORS: Record<AuditState, string> = {
  draft: 'default',
  submitted: 'processing',
  passed: 'success',
  refused: 'error',
};

/**
 * The audit state; a refused point also shows why, in the row itself (the charger revises from this
 * table, and a reason behind a hover went unseen), cut to two lines with the whole on hover.
 */
function AuditCell({ row }: { row: QualityRow }) {
  const tag = <Tag color={AUDIT_COLORS[row.auditState]}>{AUDIT_STATE_LABELS[row.auditState]}</Tag>;
  if (row.auditState !== 'refused' || !row.auditReason) return tag;
  return (
    <>
      {tag}
      <Typography.Paragraph
        type="danger"
        className="dq-audit-reason"
        ellipsis={{ rows: 2, tooltip: `不通过原因：${row.auditReason}` }}
        style={{ margin: '4px 0 0', fontSize: 12 }}
      >
        {row.auditReason}
      </Typography.Paragraph>
    </>
  );
}

interface PointWorkColumnsContext {
  onRevise: (row: QualityRow) => void;
  onToggleFocus: (row: QualityRow) => void;
}

/** The columns an object task's work page adds to the quality table (fixed on its right): 审核状态 and 操作. */
export function pointWorkColumns(ctx: PointWorkColumnsContext): TableColumnsType<QualityRow> {
  return [
    { key: 'auditState', title: '审核状态', width: 112, render: (_, row) => <AuditCell row={row} /> },
    {
      key: 'actions',
      title: '操作',
      width: 84,
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

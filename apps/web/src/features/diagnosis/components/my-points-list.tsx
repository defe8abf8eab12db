import { AUDIT_STATE_LABELS, type QualityRow, TODO_KIND_LABELS } from '@eduqa/contract';
import { Button, Segmented, type TableColumnsType, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useMyPoints } from '../api.ts';

/** The to-do states of the charger's points, as the home page names them. */
export type PointToDo = 'draft' | 'refused';
const TODO_OF: Record<PointToDo, 'pointsToFill' | 'pointsRefused'> = {
  draft: 'pointsToFill',
  refused: 'pointsRefused',
};

/**
 * 我负责的质控点 in one to-do state, across running tasks: the rows the home page's 待填报 / 退回待修改
 * counted (the server's chargedPointToDo). Each opens its object task, where the charger fills it in.
 */
export function MyPointsList({
  state,
  keyword,
  onChange,
}: {
  state: PointToDo;
  keyword: string | undefined;
  onChange: (patch: { points?: PointToDo | undefined; keyword?: string | undefined }) => void;
}) {
  const paged = useMyPoints({ state, ...(keyword ? { keyword } : {}) });
  const navigate = useNavigate();
  const columns: TableColumnsType<QualityRow> = [
    { title: '质控点', dataIndex: 'name', ellipsis: true },
    { title: '诊断对象', dataIndex: 'objectName', width: 160, ellipsis: true },
    { title: '任务', dataIndex: 'taskName', ellipsis: true },
    {
      title: '审核状态',
      dataIndex: 'auditState',
      width: 100,
      render: (s: QualityRow['auditState']) => (
        <Tag color={s === 'refused' ? 'red' : 'default'}>{AUDIT_STATE_LABELS[s]}</Tag>
      ),
    },
    ...(state === 'refused'
      ? [
          {
            title: '退回原因',
            dataIndex: 'auditReason',
            ellipsis: true,
            render: (r: string | null) => <Typography.Text type="danger">{r ?? '—'}</Typography.Text>,
          },
        ]
      : []),
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => navigate(`obj/${row.objectTaskId}`)}>
          填报
        </Button>
      ),
    },
  ];
  return (
    <PagedTable<QualityRow>
      search={{
        placeholder: '请输入质控点名称',
        initial: keyword,
        onSearch: (text) => onChange({ keyword: text || undefined }),
      }}
      filters={
        <>
          <Segmented<PointToDo>
            options={(['draft', 'refused'] as const).map((value) => ({
              value,
              label: TODO_KIND_LABELS[TODO_OF[value]],
            }))}
            value={state}
            onChange={(points) => onChange({ points })}
          />
          <Tag closable color="blue" onClose={() => onChange({ points: undefined, keyword: undefined })}>
            待办：{TODO_KIND_LABELS[TODO_OF[state]]}
          </Tag>
        </>
      }
      rowKey="id"
      columns={columns}
      rows={paged.list.data?.records ?? []}
      isLoading={paged.list.isFetching}
      serverPage={paged.page}
      emptyText="没有待办的质控点"
    />
  );
}

import { goalsEndpoints as E } from '@eduqa/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { post, type YearTargetRow } from '../api.ts';

interface YearTargetColumnsContext {
  isPublisher: boolean;
  act: RunAction;
  onDecompose: (row: YearTargetRow) => void;
  onUrge: (row: YearTargetRow) => void;
  onEdit: (row: YearTargetRow) => void;
}

const NAME_LINK = { padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' } as const;

/** The year target list's columns: the name opens the decomposition; 编辑 and 删除 for its creator. */
export function yearTargetColumns(ctx: YearTargetColumnsContext): TableColumnsType<YearTargetRow> {
  return [
    { key: 'cycleYear', title: '年度', dataIndex: 'cycleYear', width: 80 },
    {
      key: 'name',
      title: '年度目标',
      // A width of its own and a name that wraps: unsized, a phone squeezed the column to nothing and the
      // name's one-line button ran over 任务数 and 发布人.
      width: 200,
      render: (_, t) => (
        <Button type="link" size="small" style={NAME_LINK} onClick={() => ctx.onDecompose(t)}>
          {t.name}
        </Button>
      ),
    },
    { key: 'description', title: '目标说明', dataIndex: 'description', ellipsis: true },
    { key: 'taskCount', title: '任务数', dataIndex: 'taskCount', width: 80, align: 'right' },
    { key: 'creatorName', title: '发布人', dataIndex: 'creatorName', width: 90 },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170 },
    {
      key: 'actions',
      title: '操作',
      width: 230,
      render: (_, t) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => ctx.onDecompose(t)}>
            {ctx.isPublisher ? '分解' : '任务'}
          </Button>
          {ctx.isPublisher ? (
            <Button type="link" size="small" onClick={() => ctx.onUrge(t)}>
              督办
            </Button>
          ) : null}
          {t.isTargetCreator ? (
            <>
              <Button type="link" size="small" onClick={() => ctx.onEdit(t)}>
                编辑
              </Button>
              <ConfirmLink
                title={`确定删除年度目标「${t.name}」吗？`}
                description="已分解出任务的年度目标不能删除。"
                okText="删除"
                isDanger
                disabledReason={t.taskCount > 0 ? '已分解出任务，不能删除' : undefined}
                onConfirm={async () => {
                  await ctx.act(() => post(E.yearTargetDelete, { ids: [t.id] }), '年度目标已删除');
                }}
              >
                删除
              </ConfirmLink>
            </>
          ) : null}
        </Space>
      ),
    },
  ];
}

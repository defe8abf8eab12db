import { reportsEndpoints as E } from '@eduqa/contract';
import { Switch, type TableColumnsType, Tooltip } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { type CoverRow, post } from './api.ts';

/** The cover list's columns: the default switch, and 删除 for those who manage covers. */
export function coverColumns({
  canManage,
  act,
}: {
  canManage: boolean;
  act: RunAction;
}): TableColumnsType<CoverRow> {
  return [
    { key: 'title', title: '封面标题', dataIndex: 'title', ellipsis: true },
    {
      key: 'subtitle',
      title: '副标题',
      dataIndex: 'subtitle',
      render: (v: string) => v || '—',
      ellipsis: true,
    },
    { key: 'school', title: '学校名称', dataIndex: 'schoolName', width: 200, ellipsis: true },
    {
      key: 'default',
      title: '默认封面',
      width: 100,
      render: (_, c) => (
        <Tooltip
          title={c.isDefault ? '默认封面：设其他封面为默认即可更换' : canManage ? '设为默认' : undefined}
        >
          <Switch
            aria-label={`默认封面 ${c.title}`}
            size="small"
            checked={c.isDefault}
            disabled={!canManage || c.isDefault}
            onChange={() =>
              void act(() => post(E.coverDefault, { id: c.id }), `已将「${c.title}」设为默认封面`)
            }
          />
        </Tooltip>
      ),
    },
    { key: 'creator', title: '创建人', dataIndex: 'creatorName', width: 100 },
    { key: 'createTime', title: '创建时间', dataIndex: 'createTime', width: 170 },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 90,
            render: (_: unknown, c: CoverRow) => (
              <ConfirmLink
                title={`确定删除封面「${c.title}」吗？`}
                description={c.isDefault ? '这是默认封面，删除后最新的另一个封面成为默认。' : undefined}
                okText="删除"
                isDanger
                onConfirm={async () => {
                  await act(() => post(E.coverDelete, { ids: [c.id] }), '报告封面已删除');
                }}
              >
                删除
              </ConfirmLink>
            ),
          },
        ]
      : []),
  ];
}

import { annualEndpoints as E } from '@eduqa/contract';
import { Button, Result, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { annualKeys, post, type TargetTypeRow, useTargetTypes } from '../api.ts';
import { TargetTypeFormModal } from '../components/target-type-form-modal.tsx';

/** 目标类型: categories of target tasks; a type still used by a task or a charger cannot be deleted. */
export default function TargetTypesPage() {
  const { isPublisher } = useGoalUser();
  const act = useAction(annualKeys.all, goalKeys.all);
  const [keyword, setKeyword] = useState('');
  const form = useDialog<TargetTypeRow>();
  const { list, page } = useTargetTypes({ ...(keyword ? { keyword } : {}) });

  const columns: TableColumnsType<TargetTypeRow> = [
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    { key: 'name', title: '类型名称', dataIndex: 'name', width: 180 },
    { key: 'description', title: '类型说明', dataIndex: 'description', ellipsis: true },
    { key: 'taskCount', title: '任务数', dataIndex: 'taskCount', width: 80, align: 'right' },
    { key: 'chargerCount', title: '负责人数', dataIndex: 'chargerCount', width: 90, align: 'right' },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170 },
    ...(isPublisher
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 140,
            render: (_: unknown, t: TargetTypeRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => form.show(t)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除目标类型「${t.name}」吗？`}
                  okText="删除"
                  isDanger
                  disabledReason={
                    t.taskCount > 0
                      ? `已被${t.taskCount}个任务使用，不能删除`
                      : t.chargerCount > 0
                        ? `已设置${t.chargerCount}位负责人，不能删除`
                        : undefined
                  }
                  onConfirm={async () => {
                    await act(() => post(E.targetTypeDelete, { ids: [t.id] }), '目标类型已删除');
                  }}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <PageCard
      title="目标类型"
      add={isPublisher ? { label: '新增目标类型', onClick: () => form.show(null) } : undefined}
    >
      {list.isError ? (
        <Result status="error" title="加载失败" subTitle={list.error.message} />
      ) : (
        <PagedTable<TargetTypeRow>
          search={{
            placeholder: '请输入类型名称',
            onSearch: (value) => {
              setKeyword(value);
            },
          }}
          rowKey="id"
          columns={columns}
          rows={list.data?.records ?? []}
          isLoading={list.isLoading || list.isFetching}
          serverPage={page}
        />
      )}
      <TargetTypeFormModal open={form.open} type={form.target} onClose={form.hide} />
    </PageCard>
  );
}

import { annualEndpoints as E } from '@eduqa/contract';
import { Button, Result, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { annualKeys, type MissionRow, post, useMissions } from '../api.ts';
import { MissionFormModal } from '../components/mission-form-modal.tsx';
import { YearTargetPicker } from '../components/year-target-picker.tsx';

/** 任务书: the statements of the tasks the caller may read; the task's creator writes them. */
export default function MissionsPage() {
  const { isPublisher } = useGoalUser();
  const act = useAction(annualKeys.all, goalKeys.all);
  const [keyword, setKeyword] = useState('');
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const form = useDialog<MissionRow>();
  const { list, page } = useMissions({
    ...(keyword ? { keyword } : {}),
    ...(yearTargetId ? { yearTargetId } : {}),
  });

  const columns: TableColumnsType<MissionRow> = [
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
            <Button type="link" size="small" onClick={() => form.show(m)}>
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

  return (
    <PageCard
      title="任务书"
      add={isPublisher ? { label: '新增任务书', onClick: () => form.show(null) } : undefined}
    >
      {list.isError ? (
        <Result status="error" title="加载失败" subTitle={list.error.message} />
      ) : (
        <PagedTable<MissionRow>
          search={{
            placeholder: '请输入任务书标题或任务名称',
            width: 260,
            onSearch: (value) => {
              setKeyword(value);
            },
          }}
          filters={
            <YearTargetPicker
              allowClear
              value={yearTargetId}
              onChange={(id) => {
                setYearTargetId(id);
              }}
            />
          }
          rowKey="id"
          columns={columns}
          rows={list.data?.records ?? []}
          isLoading={list.isLoading || list.isFetching}
          serverPage={page}
        />
      )}
      <MissionFormModal open={form.open} mission={form.target} onClose={form.hide} />
    </PageCard>
  );
}

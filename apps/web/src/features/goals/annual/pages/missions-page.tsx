import { Result } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { annualKeys, type MissionRow, useMissions } from '../api.ts';
import { missionColumns } from '../components/mission-columns.tsx';
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

  const columns = missionColumns({ act, onEdit: form.show });

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

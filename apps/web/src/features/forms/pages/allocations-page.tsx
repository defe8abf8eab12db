import {
  ALLOCATION_STATE_LABELS,
  ALLOCATION_STATES,
  type Allocation,
  type AllocationState,
  COLLECT_TASK_STATE_LABELS,
} from '@eduqa/contract';
import { Button, Form, Progress, Select, type TableColumnsType, Tag } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import {
  type FilterParsers,
  oneOf,
  textParam,
  useUrlFilters,
} from '../../../shared/routing/use-url-filters.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { allocate, formsKeys, useAllocations, useDepartmentPeople } from '../api.ts';
import { ALLOCATION_STATE_FILTER, StateFilteredList } from '../components/state-filtered-list.tsx';
import { ALLOCATION_COLORS, progressOf } from '../widgets/task-drawer.tsx';

/** 分配: the department head names the fillers among the department's members. */
function AllocateModal({
  open,
  allocation,
  onClose,
}: {
  open: boolean;
  allocation: Allocation | null;
  onClose: () => void;
}) {
  const people = useDepartmentPeople(allocation?.departmentId ?? null);
  const run = useAction(formsKeys.all);
  return (
    <FormModal<{ fillerIds: string[] }>
      title={`分配：${allocation?.taskName ?? ''}`}
      open={open}
      onClose={onClose}
      layout="vertical"
      initialValues={{ fillerIds: allocation?.fillerIds ?? [] }}
      intro={
        <p style={{ marginTop: 16 }}>
          为「{allocation?.departmentName}」选择填报人：每位填报人收到该任务每张表单的填报任务。
        </p>
      }
      onSubmit={async ({ fillerIds }) => {
        if (!allocation) return;
        if (!(await run(() => allocate(allocation.id, fillerIds), '已分配'))) throw new Error('refused');
      }}
    >
      <Form.Item name="fillerIds" label="填报人" rules={[{ required: true, message: '请选择填报人' }]}>
        <Select
          mode="multiple"
          loading={people.isLoading}
          placeholder="选择本部门的用户"
          optionFilterProp="label"
          options={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.account}）` }))}
          notFoundContent="本部门暂无用户"
        />
      </Form.Item>
    </FormModal>
  );
}

const ALLOCATION_FILTERS: FilterParsers<{
  state: AllocationState | undefined;
  keyword: string | undefined;
}> = { state: oneOf(ALLOCATION_STATES), keyword: textParam() };

/** 数据采集 › 任务分配: the allocations of the departments I head (all of them for a data manager). */
export default function AllocationsPage() {
  const [{ state, keyword }, setFilters] = useUrlFilters(ALLOCATION_FILTERS, {
    state: undefined,
    keyword: undefined,
  });
  const paged = useAllocations({ state, keyword });
  const dialog = useDialog<Allocation>();

  const columns: TableColumnsType<Allocation> = [
    { title: '采集任务', dataIndex: 'taskName', ellipsis: true },
    { title: '部门', dataIndex: 'departmentName', width: 160, ellipsis: true },
    { title: '截止时间', dataIndex: 'deadline', width: 170 },
    {
      title: '任务状态',
      dataIndex: 'taskState',
      width: 90,
      render: (s: Allocation['taskState']) => COLLECT_TASK_STATE_LABELS[s],
    },
    {
      title: '分配状态',
      dataIndex: 'state',
      width: 90,
      render: (s: AllocationState) => <Tag color={ALLOCATION_COLORS[s]}>{ALLOCATION_STATE_LABELS[s]}</Tag>,
    },
    { title: '填报人数', key: 'fillers', width: 90, render: (_, a) => a.fillerIds.length },
    {
      title: '进度',
      key: 'progress',
      width: 170,
      render: (_, a) => (
        <Progress
          aria-label="填报进度"
          percent={progressOf(a)}
          size="small"
          format={() => `${a.finishedCount}/${a.fillCount}`}
        />
      ),
    },
    { title: '退回原因', dataIndex: 'reason', ellipsis: true, render: (r: string) => r || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, a) => (
        <Button
          type="link"
          size="small"
          disabled={a.state === 'audited' || a.taskState !== 'normal'}
          title={
            a.state === 'audited'
              ? '已审核，不能再分配'
              : a.taskState !== 'normal'
                ? '任务未在进行中'
                : undefined
          }
          onClick={() => dialog.show(a)}
        >
          {a.state === 'unallocated' ? '分配' : '调整'}
        </Button>
      ),
    },
  ];

  return (
    <PageCard title="任务分配">
      <StateFilteredList<Allocation, AllocationState>
        searchPlaceholder="请输入采集任务名称"
        onSearch={(text) => setFilters({ keyword: text || undefined })}
        keyword={keyword}
        states={ALLOCATION_STATE_FILTER}
        state={state}
        onStateChange={(next) => setFilters({ state: next })}
        columns={columns}
        paged={paged}
        emptyText={
          state
            ? '没有该状态的任务分配'
            : keyword
              ? '没有符合条件的任务分配'
              : '暂无需要分配的任务。采集任务下发到部门后，由部门负责人在这里指定填报人。'
        }
      />
      <AllocateModal open={dialog.open} allocation={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}

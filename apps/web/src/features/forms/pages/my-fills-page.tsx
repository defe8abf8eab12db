import { FILL_STATES, type FillState, type FillTask } from '@eduqa/contract';
import { Button, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useOpenParam } from '../../../shared/routing/use-open-param.ts';
import {
  type FilterParsers,
  idParam,
  oneOf,
  textParam,
  useUrlFilters,
} from '../../../shared/routing/use-url-filters.ts';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { useFillTasks } from '../api.ts';
import { FILL_STATE_FILTER, StateFilteredList } from '../components/state-filtered-list.tsx';
import { describeDeadline } from '../widgets/deadline.ts';
import { FillStateTag } from '../widgets/fill-state-tag.tsx';

interface MyFillFilters {
  state: FillState | undefined;
  taskId: string | undefined;
  keyword: string | undefined;
}
/** In the address, so the home page's 待填报 and 退回待修改 open the list on their state. */
const MY_FILL_FILTERS: FilterParsers<MyFillFilters> = {
  state: oneOf(FILL_STATES),
  taskId: idParam,
  keyword: textParam(),
};
const NO_FILTERS: MyFillFilters = { state: undefined, taskId: undefined, keyword: undefined };

/** Whether the filler may still type into the task (the server decides again on every save). */
const isOpenForFiller = (t: FillTask) =>
  t.taskState === 'normal' && (t.state === 'uncommitted' || t.state === 'rollback');

/** 数据采集 › 我的填报: my fill tasks with their deadlines, states and rollback reasons. */
export function MyFillsPage() {
  const [{ state, taskId, keyword }, setFilters] = useUrlFilters(MY_FILL_FILTERS, NO_FILTERS);
  const paged = useFillTasks({ scope: 'mine', state, taskId, keyword });
  const navigate = useNavigate();
  // A message's link (`?open=ID`) opens the fill's form as the row's 填报 does.
  useOpenParam((id) => navigate(id));
  const now = new Date();
  const rows = paged.list.data?.records ?? [];
  const taskOptions = [...new Map(rows.map((r) => [r.taskId, r.taskName])).entries()].map(
    ([value, label]) => ({
      value,
      label,
    }),
  );

  const columns: TableColumnsType<FillTask> = [
    { title: '表单', dataIndex: 'formName', ellipsis: true },
    { title: '采集任务', dataIndex: 'taskName', ellipsis: true },
    { title: '部门', dataIndex: 'departmentName', width: 140, ellipsis: true },
    {
      title: '截止时间',
      dataIndex: 'deadline',
      width: 230,
      render: (deadline: string, t) => {
        const info = describeDeadline(deadline, now);
        const isDone = t.state === 'finished' || t.state === 'unaudited';
        return (
          <Space size={4}>
            {deadline}
            {isDone || !info.text ? null : (
              <Typography.Text type={info.isOverdue ? 'danger' : info.isNear ? 'warning' : 'secondary'}>
                {info.text}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: FillState) => <FillStateTag state={s} /> },
    {
      title: '退回原因',
      dataIndex: 'rollbackReason',
      ellipsis: true,
      render: (r: string) => (r ? <Typography.Text type="danger">{r}</Typography.Text> : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, t) => (
        <Button type="link" size="small" onClick={() => navigate(t.id)}>
          {isOpenForFiller(t) ? '填报' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <PageCard title="我的填报">
      <StateFilteredList<FillTask, FillState>
        searchPlaceholder="请输入表单或采集任务名称"
        onSearch={(text) => setFilters({ keyword: text || undefined })}
        keyword={keyword}
        states={FILL_STATE_FILTER}
        state={state}
        onStateChange={(next) => setFilters({ state: next })}
        filters={
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            aria-label="采集任务"
            placeholder="全部采集任务"
            style={{ width: 240 }}
            options={taskOptions}
            value={taskId}
            onChange={(next) => setFilters({ taskId: next })}
          />
        }
        columns={columns}
        paged={paged}
        emptyText="暂无填报任务"
      />
    </PageCard>
  );
}

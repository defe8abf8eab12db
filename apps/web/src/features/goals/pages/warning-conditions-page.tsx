import {
  DEFAULT_WARNING_DAYS,
  TABLE_EMPTY_TEXT,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type TaskType,
} from '@eduqa/contract';
import { Button, Card, Result, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { type ConditionRow, useConditionHistory, useWarningConditions } from '../api.ts';
import { TaskTypeTag } from '../components/goal-tags.tsx';
import { BatchConditionModal, ConditionModal } from '../components/warning-condition-modals.tsx';
import { useGoalUser } from '../use-goal-user.ts';

/** The columns of the conditions; the history shows the first four (no 设置). */
function conditionColumns(
  isPublisher: boolean,
  onSet: (row: ConditionRow) => void,
): TableColumnsType<ConditionRow> {
  return [
    { key: 'type', title: '任务类型', width: 140, render: (_, c) => <TaskTypeTag type={c.taskType} /> },
    { key: 'days', title: '结束前天数', width: 140, render: (_, c) => `结束前 ${c.days} 天` },
    {
      key: 'by',
      title: '配置人',
      width: 120,
      render: (_, c) => c.configuredBy ?? `默认（${DEFAULT_WARNING_DAYS}天）`,
    },
    { key: 'at', title: '配置时间', width: 180, render: (_, c) => c.configuredAt ?? '—' },
    {
      key: 'actions',
      title: '操作',
      width: 100,
      render: (_, c) =>
        isPublisher ? (
          <Button type="link" size="small" onClick={() => onSet(c)}>
            设置
          </Button>
        ) : null,
    },
  ];
}

/** 预警条件: how many days before its end a task of each type starts its process warning; batch setting and history. */
export function WarningConditionsPage() {
  const { isPublisher } = useGoalUser();
  const conditions = useWarningConditions();
  const [taskType, setTaskType] = useState<TaskType | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const history = useConditionHistory({ pageNum, pageSize: PAGE_SIZE, ...(taskType ? { taskType } : {}) });
  const single = useDialog<ConditionRow>();
  const batch = useDialog<null>();

  const columns = conditionColumns(isPublisher, single.show);
  const historyColumns: TableColumnsType<ConditionRow> = columns.slice(0, 4);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="预警条件"
        variant="borderless"
        extra={
          isPublisher ? (
            <Button type="primary" disabled={!conditions.data} onClick={() => batch.show(null)}>
              批量设置
            </Button>
          ) : null
        }
      >
        <p style={{ color: TEXT_COLORS.muted, marginTop: 0 }}>
          任务（或节点）在结束日期前的天数内且未完成时产生过程预警；超过结束日期仍未完成时产生逾期预警。
        </p>
        {conditions.isError ? (
          <Result status="error" title="加载失败" subTitle={conditions.error.message} />
        ) : (
          <Table<ConditionRow>
            rowKey="taskType"
            size="middle"
            columns={columns}
            dataSource={conditions.data ?? []}
            loading={conditions.isLoading}
            locale={{ emptyText: TABLE_EMPTY_TEXT }}
            pagination={false}
          />
        )}
      </Card>
      <Card title="配置历史" variant="borderless">
        <Select
          aria-label="任务类型"
          placeholder="任务类型"
          allowClear
          style={{ width: 140, marginBottom: 16 }}
          value={taskType}
          onChange={(value?: TaskType) => {
            setTaskType(value);
            setPageNum(1);
          }}
          options={TASK_TYPES.map((value) => ({ value, label: `${value}类·${TASK_TYPE_LABELS[value]}` }))}
        />
        <Table<ConditionRow>
          rowKey={(c) => c.id ?? c.taskType}
          size="middle"
          columns={historyColumns}
          dataSource={history.data?.records ?? []}
          loading={history.isLoading || history.isFetching}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: history.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
      </Card>

      <ConditionModal open={single.open} target={single.target} onClose={single.hide} />
      <BatchConditionModal open={batch.open} conditions={conditions.data ?? []} onClose={batch.hide} />
    </Space>
  );
}

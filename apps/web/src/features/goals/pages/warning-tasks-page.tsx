import { GOAL_WARNING_TYPE_LABELS, type GoalWarningType, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Card, Col, Input, Result, Row, Segmented, Space, Statistic, Table } from 'antd';
import { useState } from 'react';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { phoneTable, useIsPhone } from '../../../shared/ui/responsive.ts';
import { useWarningCount, useWarningTasks, type WarningTaskRow } from '../api.ts';
import { TaskDetailDrawer } from '../components/task-detail-drawer.tsx';
import { warningTaskColumns } from '../components/warning-task-columns.tsx';
import { YearTargetSelect } from '../components/year-target-select.tsx';
import { summariseWarnings } from '../goal-labels.ts';

type WarningFilter = 'all' | GoalWarningType;

/** 预警任务: the tasks with process or overdue warnings the caller may see, with the counts of spec 1 §3. */
export function WarningTasksPage() {
  const [warning, setWarning] = useState<WarningFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const filters = { ...(keyword ? { keyword } : {}), ...(yearTargetId ? { yearTargetId } : {}) };
  const tasks = useWarningTasks({
    pageNum,
    pageSize: PAGE_SIZE,
    ...filters,
    ...(warning === 'all' ? {} : { warningType: warning }),
  });
  const counts = useWarningCount(yearTargetId ? { yearTargetId } : {});
  const summary = summariseWarnings(counts.isFetching ? undefined : counts.data);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNum(1);
    };

  const isPhone = useIsPhone();
  const table = phoneTable({
    isPhone,
    columns: warningTaskColumns((t) => setOpenId(t.id)),
    nameKey: 'name',
    phoneX: 1040,
  });

  return (
    <Card title="预警任务" variant="borderless">
      <WarningSummary summary={summary} isLoading={counts.isFetching} />
      <WarningTaskFilters
        warning={warning}
        yearTargetId={yearTargetId}
        onWarning={filter(setWarning)}
        onKeyword={filter(setKeyword)}
        onYearTarget={filter(setYearTargetId)}
      />
      {tasks.isError ? (
        <Result status="error" title="加载失败" subTitle={tasks.error.message} />
      ) : (
        <Table<WarningTaskRow>
          rowKey="id"
          size="middle"
          columns={table.columns}
          scroll={table.scroll}
          dataSource={tasks.data?.records ?? []}
          loading={tasks.isLoading || tasks.isFetching}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: tasks.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
      )}
      <TaskDetailDrawer taskId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

/** 预警任务数, 逾期预警, 过程预警 and 预警总数. */
function WarningSummary({
  summary,
  isLoading,
}: {
  summary: ReturnType<typeof summariseWarnings>;
  isLoading: boolean;
}) {
  return (
    <Row gutter={[16, 12]} style={{ marginBottom: 16 }}>
      <Col xs={24} sm={12} md={6}>
        <Card size="small">
          <Statistic title="预警任务数" value={summary.tasks} loading={isLoading} />
        </Card>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Card size="small">
          <Statistic
            title="逾期预警"
            value={summary.expired}
            valueStyle={{ color: '#cf1322' }}
            loading={isLoading}
          />
        </Card>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Card size="small">
          <Statistic
            title="过程预警"
            value={summary.process}
            valueStyle={{ color: TEXT_COLORS.warning }}
            loading={isLoading}
          />
        </Card>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Card size="small">
          <Statistic title="预警总数" value={summary.total} loading={isLoading} />
        </Card>
      </Col>
    </Row>
  );
}

interface WarningTaskFiltersProps {
  warning: WarningFilter;
  yearTargetId: string | undefined;
  onWarning: (value: WarningFilter) => void;
  onKeyword: (keyword: string) => void;
  onYearTarget: (id: string | undefined) => void;
}

/** The warning type, the name search and the year target. */
function WarningTaskFilters({
  warning,
  yearTargetId,
  onWarning,
  onKeyword,
  onYearTarget,
}: WarningTaskFiltersProps) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Segmented<WarningFilter>
        aria-label="预警类型"
        value={warning}
        onChange={onWarning}
        options={[
          { value: 'all', label: '全部' },
          { value: 'final', label: GOAL_WARNING_TYPE_LABELS.final },
          { value: 'process', label: GOAL_WARNING_TYPE_LABELS.process },
        ]}
      />
      <Input.Search
        placeholder="请输入任务名称"
        allowClear
        maxLength={60}
        style={{ width: 220 }}
        onSearch={(value) => onKeyword(value.trim())}
      />
      <YearTargetSelect value={yearTargetId} onChange={onYearTarget} />
    </Space>
  );
}

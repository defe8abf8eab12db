import { GOAL_WARNING_TYPE_LABELS, type GoalWarningType, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import {
  Button,
  Card,
  Col,
  Input,
  Result,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useWarningCount, useWarningTasks, type WarningTaskRow } from '../api.ts';
import { ScheduleTag, TaskTypeTag, WarningTag } from '../components/goal-tags.tsx';
import { TaskDetailDrawer } from '../components/task-detail-drawer.tsx';
import { YearTargetSelect } from '../components/year-target-select.tsx';
import { dateRange, summariseWarnings } from '../goal-labels.ts';

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

  const columns: TableColumnsType<WarningTaskRow> = [
    {
      key: 'name',
      title: '任务名称',
      render: (_, t) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }}
          onClick={() => setOpenId(t.id)}
        >
          {t.name}
        </Button>
      ),
    },
    { key: 'type', title: '类型', width: 100, render: (_, t) => <TaskTypeTag type={t.type} /> },
    { key: 'yearTarget', title: '年度目标', dataIndex: 'yearTargetName', width: 160, ellipsis: true },
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 120 },
    { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 80 },
    { key: 'dates', title: '起止日期', width: 120, render: (_, t) => dateRange(t.startDate, t.endDate) },
    {
      key: 'status',
      title: '进度状态',
      width: 90,
      render: (_, t) => <ScheduleTag status={t.scheduleStatus} />,
    },
    {
      key: 'warnings',
      title: '预警',
      width: 160,
      render: (_, t) => (
        <Space size={4} wrap>
          {t.expiredWarningCount > 0 ? <WarningTag type="final" count={t.expiredWarningCount} /> : null}
          {t.processWarningCount > 0 ? <WarningTag type="process" count={t.processWarningCount} /> : null}
        </Space>
      ),
    },
    { key: 'total', title: '预警总数', dataIndex: 'totalWarningCount', width: 90, align: 'right' },
  ];

  return (
    <Card title="预警任务" variant="borderless">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Card size="small">
            <Statistic title="预警任务数" value={summary.tasks} loading={counts.isFetching} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic
              title="逾期预警"
              value={summary.expired}
              valueStyle={{ color: '#cf1322' }}
              loading={counts.isFetching}
            />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic
              title="过程预警"
              value={summary.process}
              valueStyle={{ color: '#d46b08' }}
              loading={counts.isFetching}
            />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic title="预警总数" value={summary.total} loading={counts.isFetching} />
          </Card>
        </Col>
      </Row>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<WarningFilter>
          aria-label="预警类型"
          value={warning}
          onChange={(value) => {
            setWarning(value);
            setPageNum(1);
          }}
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
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
        <YearTargetSelect
          value={yearTargetId}
          onChange={(value) => {
            setYearTargetId(value);
            setPageNum(1);
          }}
        />
      </Space>
      {tasks.isError ? (
        <Result status="error" title="加载失败" subTitle={tasks.error.message} />
      ) : (
        <Table<WarningTaskRow>
          rowKey="id"
          size="middle"
          columns={columns}
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

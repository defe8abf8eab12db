import type { TableColumnsType } from 'antd';
import { Button, Space } from 'antd';
import type { WarningTaskRow } from '../api.ts';
import { dateRange } from '../goal-labels.ts';
import { ScheduleTag, TaskTypeTag, WarningTag } from './goal-tags.tsx';

/** The columns of the warning task list; the name opens the task. */
export function warningTaskColumns(onOpen: (task: WarningTaskRow) => void): TableColumnsType<WarningTaskRow> {
  return [
    {
      key: 'name',
      title: '任务名称',
      render: (_, t) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }}
          onClick={() => onOpen(t)}
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
}

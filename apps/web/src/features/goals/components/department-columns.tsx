import { Button, Progress, Space, type TableColumnsType, Tag } from 'antd';
import type { DepartmentSummaryRow } from '../api.ts';
import { percent } from '../goal-labels.ts';

/** The department overview's columns; 督办 for publishers. */
export function departmentColumns(
  isPublisher: boolean,
  onUrge: (row: DepartmentSummaryRow) => void,
): TableColumnsType<DepartmentSummaryRow> {
  return [
    { key: 'department', title: '部门', dataIndex: 'departmentName', width: 160 },
    {
      key: 'head',
      title: '负责人',
      dataIndex: 'headName',
      width: 100,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'tasks', title: '负责任务', dataIndex: 'taskCount', width: 90, align: 'right' },
    { key: 'done', title: '已完成', dataIndex: 'doneCount', width: 80, align: 'right' },
    {
      key: 'rate',
      title: '完成率',
      width: 180,
      render: (_, d) => (
        <Progress
          aria-label="任务完成率"
          percent={d.taskCount === 0 ? 0 : percent((d.doneCount / d.taskCount) * 100)}
          size="small"
        />
      ),
    },
    { key: 'collaboration', title: '协同任务', dataIndex: 'collaborationCount', width: 90, align: 'right' },
    {
      key: 'warnings',
      title: '预警',
      width: 200,
      render: (_, d) => (
        <Space size={4}>
          {d.expiredWarningCount > 0 ? <Tag color="red">逾期预警 {d.expiredWarningCount}</Tag> : null}
          {d.processWarningCount > 0 ? <Tag color="orange">过程预警 {d.processWarningCount}</Tag> : null}
          {d.expiredWarningCount + d.processWarningCount === 0 ? '—' : null}
        </Space>
      ),
    },
    { key: 'urges', title: '待处理督办', dataIndex: 'pendingUrgeCount', width: 100, align: 'right' },
    {
      key: 'actions',
      title: '操作',
      width: 80,
      render: (_, d) =>
        isPublisher ? (
          <Button type="link" size="small" onClick={() => onUrge(d)}>
            督办
          </Button>
        ) : null,
    },
  ];
}

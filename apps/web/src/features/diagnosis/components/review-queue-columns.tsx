import type { ReviewObjectTask } from '@eduqa/contract';
import { Badge, Button, type TableColumnsType, Typography } from 'antd';
import { levelLabel } from '../values.ts';

const text = (value: string | null) => value ?? '-';

/** 待审核's columns: the object task, how many points wait, and 审核 to open them. */
export function reviewQueueColumns(
  onOpen: (row: ReviewObjectTask) => void,
): TableColumnsType<ReviewObjectTask> {
  return [
    {
      key: 'taskName',
      title: '任务名称',
      width: 180,
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.taskName }} style={{ maxWidth: '100%' }}>
          {row.taskName}
        </Typography.Text>
      ),
    },
    {
      key: 'objectName',
      title: '诊断对象',
      width: 140,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => onOpen(row)}
        >
          {row.objectName}
        </Button>
      ),
    },
    { key: 'level', title: '诊断层级', width: 72, render: (_, row) => levelLabel(row.level) },
    {
      key: 'department',
      title: '所属部门',
      width: 130,
      ellipsis: true,
      render: (_, row) => text(row.departmentName),
    },
    { key: 'charger', title: '负责人', width: 72, render: (_, row) => text(row.chargerName) },
    {
      key: 'submittedCount',
      title: '待审核质控点',
      width: 100,
      align: 'right',
      render: (_, row) => <Badge count={row.submittedCount} overflowCount={999} color="#1677ff" />,
    },
    { key: 'submittedAt', title: '提交时间', width: 160, render: (_, row) => text(row.submittedAt) },
    {
      key: 'actions',
      title: '操作',
      width: 64,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row)} aria-label={`审核：${row.objectName}`}>
          审核
        </Button>
      ),
    },
  ];
}

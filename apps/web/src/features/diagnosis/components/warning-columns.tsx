import type { WarningRow } from '@eduqa/contract';
import { Button, type TableColumnsType } from 'antd';
import { displayValue } from '../values.ts';
import { LongText } from './quality-table.tsx';

interface WarningColumnsContext {
  acrossTasks: boolean;
  canDispose: boolean | undefined;
  /** The point whose charger is being asked for, while 处理 waits. */
  checking: string | null;
  onOpen: (pointId: string) => void;
  onDispose: (row: WarningRow) => Promise<void>;
}

/** 质控点名称: opens the point. */
function PointNameCell({ row, onOpen }: { row: WarningRow; onOpen: (pointId: string) => void }) {
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0, whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}
      onClick={() => onOpen(row.assignedPointId)}
    >
      {row.pointName}
    </Button>
  );
}

/** The warning table's columns; across tasks the task and object say where each point belongs. */
export function warningColumns({
  acrossTasks,
  canDispose,
  checking,
  onOpen,
  onDispose,
}: WarningColumnsContext): TableColumnsType<WarningRow> {
  return [
    {
      key: 'pointName',
      title: '质控点名称',
      width: 136,
      render: (_, row) => <PointNameCell row={row} onOpen={onOpen} />,
    },
    ...(acrossTasks
      ? [
          { key: 'taskName', title: '任务名称', dataIndex: 'taskName', width: 110, ellipsis: true },
          { key: 'objectName', title: '诊断对象', dataIndex: 'objectName', width: 90, ellipsis: true },
        ]
      : []),
    {
      key: 'warningValue',
      title: '预警值',
      width: 64,
      render: (_, row) => displayValue(row.dataType, row.warningValue),
    },
    { key: 'cause', title: '原因分析', width: 120, render: (_, row) => <LongText text={row.cause} /> },
    { key: 'measure', title: '处理措施', width: 120, render: (_, row) => <LongText text={row.measure} /> },
    { key: 'allCount', title: '预警次数', dataIndex: 'allCount', width: 76, align: 'right' },
    { key: 'handledCount', title: '已处理次数', dataIndex: 'handledCount', width: 88, align: 'right' },
    { key: 'handlerName', title: '处理人', width: 72, render: (_, row) => row.handlerName ?? '-' },
    {
      key: 'actions',
      title: '操作',
      width: 64,
      fixed: 'right',
      render: (_, row) =>
        row.latestOpenWarningId && canDispose !== false ? (
          <Button
            type="link"
            size="small"
            loading={checking === row.assignedPointId}
            onClick={() => void onDispose(row)}
          >
            处理
          </Button>
        ) : (
          '-'
        ),
    },
  ];
}

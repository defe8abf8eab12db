import { type AnalysisGrid, TABLE_EMPTY_TEXT, TASK_TYPE_LABELS, type TaskType } from '@eduqa/contract';
import { Table, type TableColumnsType, Typography } from 'antd';

type GridRow = AnalysisGrid['rows'][number];
type Cell = GridRow['total'];

const rate = (cell: Cell) => (cell.taskCount === 0 ? '-' : `${cell.finishRate}%`);

/** The three numbers of one cell: tasks, finished, finish rate. */
function cellColumns(
  title: string,
  key: string,
  pick: (row: GridRow) => Cell,
): TableColumnsType<GridRow>[number] {
  return {
    key,
    title,
    align: 'center',
    children: [
      {
        key: `${key}-tasks`,
        title: '任务',
        width: 56,
        align: 'right',
        render: (_, row) => pick(row).taskCount,
      },
      {
        key: `${key}-finished`,
        title: '完成',
        width: 56,
        align: 'right',
        render: (_, row) => pick(row).finishedCount,
      },
      {
        key: `${key}-overdue`,
        title: '逾期',
        width: 48,
        align: 'right',
        render: (_, row) => {
          const n = pick(row).overdueCount;
          return n > 0 ? <Typography.Text type="danger">{n}</Typography.Text> : n;
        },
      },
      { key: `${key}-rate`, title: '完成率', width: 68, align: 'right', render: (_, row) => rate(pick(row)) },
    ],
  };
}

/** Department, head and four groups of four numbers; narrower screens scroll sideways. */
const GRID_MIN_WIDTH = 140 + 72 + 4 * (56 + 56 + 48 + 68);

/** queryGrid: responsible departments × task types, with a totals row. */
export function AnalysisGridTable({ grid, loading }: { grid: AnalysisGrid | undefined; loading: boolean }) {
  const types: TaskType[] = grid?.types ?? [];
  const columns: TableColumnsType<GridRow> = [
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 140, fixed: 'left' },
    { key: 'head', title: '负责人', width: 72, render: (_, row) => row.headName ?? '-' },
    ...types.map((type, i) =>
      cellColumns(`${type} ${TASK_TYPE_LABELS[type]}`, type, (row) => row.cells[i] ?? row.total),
    ),
    cellColumns('合计', 'total', (row) => row.total),
  ];
  const totalCells = grid
    ? [
        ...grid.totals.map((cell, i) => ({ key: grid.types[i] ?? String(i), cell })),
        { key: 'total', cell: grid.total },
      ]
    : [];
  return (
    <Table<GridRow>
      rowKey="departmentId"
      size="small"
      bordered
      columns={columns}
      dataSource={grid?.rows ?? []}
      loading={loading}
      pagination={false}
      locale={{ emptyText: TABLE_EMPTY_TEXT }}
      tableLayout="fixed"
      scroll={{ x: GRID_MIN_WIDTH }}
      summary={() =>
        grid && grid.rows.length > 0 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <Typography.Text strong>合计</Typography.Text>
            </Table.Summary.Cell>
            {totalCells.flatMap(({ key, cell }, i) => [
              <Table.Summary.Cell key={`${key}-t`} index={2 + i * 4} align="right">
                {cell.taskCount}
              </Table.Summary.Cell>,
              <Table.Summary.Cell key={`${key}-f`} index={3 + i * 4} align="right">
                {cell.finishedCount}
              </Table.Summary.Cell>,
              <Table.Summary.Cell key={`${key}-o`} index={4 + i * 4} align="right">
                {cell.overdueCount}
              </Table.Summary.Cell>,
              <Table.Summary.Cell key={`${key}-r`} index={5 + i * 4} align="right">
                {rate(cell)}
              </Table.Summary.Cell>,
            ])}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

import type { AnalysisSchool, RivalTable } from '@eduqa/contract';
import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import { formatValue, OWN_COLOR, OWN_LABEL } from '../charts/peer-charts.ts';

interface Row {
  key: string;
  school: AnalysisSchool | null;
  cells: Map<string, { value: number | null; rank: number | null }>;
}

/**
 * 竞争对手分析 / 双高对标: a row per school (the own school first, marked 本校 in red) and a column per
 * indicator with the value and its rank among the table's schools; the last row the others' average.
 */
export function RivalTableView({ table }: { table: RivalTable }) {
  const schools = new Map(table.schools.map((s) => [s.code, s]));
  const rows: Row[] = table.rows.map((r) => ({
    key: r.schoolCode,
    school: schools.get(r.schoolCode) ?? null,
    cells: new Map(r.cells.map((c) => [c.indicatorId, c])),
  }));
  const average: Row = {
    key: '__average',
    school: null,
    cells: new Map(table.average.map((a) => [a.indicatorId, { value: a.value, rank: null }])),
  };
  const columns: TableColumnsType<Row> = [
    {
      title: '学校',
      key: 'school',
      fixed: 'left',
      width: 240,
      render: (_, row) =>
        row.school === null ? (
          <Typography.Text strong>平均值（不含本校）</Typography.Text>
        ) : row.school.isOwn ? (
          <span style={{ color: OWN_COLOR, fontWeight: 600 }}>
            {row.school.name} <Tag color="red">{OWN_LABEL}</Tag>
          </span>
        ) : (
          row.school.name
        ),
    },
    ...table.indicators.map((indicator) => ({
      title: indicator.unit ? `${indicator.name}（${indicator.unit}）` : indicator.name,
      key: indicator.id,
      width: 150,
      align: 'right' as const,
      render: (_: unknown, row: Row) => {
        const cell = row.cells.get(indicator.id);
        if (!cell || cell.value === null) return '-';
        return (
          <span>
            {formatValue(cell.value)}
            {cell.rank !== null ? (
              <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                第{cell.rank}名
              </Typography.Text>
            ) : null}
          </span>
        );
      },
    })),
  ];
  return (
    <Table<Row>
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={[...rows, average]}
      pagination={false}
      scroll={{ x: 240 + table.indicators.length * 150 }}
      onRow={(row) => (row.school?.isOwn ? { style: { background: '#fff1f0' } } : {})}
    />
  );
}

import { type ChangeRow, changesView } from '@eduqa/contract';
import { Space, Table, type TableColumnsType, Typography } from 'antd';

/** A field that did not change is greyed, so the eye finds the ones that did. */
const side = (text: string, row: ChangeRow) =>
  row.isChanged ? text : <Typography.Text type="secondary">{text}</Typography.Text>;

const COLUMNS: TableColumnsType<ChangeRow> = [
  { title: '字段', dataIndex: 'field', width: 140 },
  { title: '修改前', dataIndex: 'before', render: side },
  { title: '修改后', dataIndex: 'after', render: side },
];

/** 修改前后: a before/after table of the fields, or the stored JSON as it is; text only, never markup. */
export function ChangesBlock({ changes }: { changes: unknown }) {
  const view = changesView(changes);
  if (view.kind === 'none') return <Typography.Text type="secondary">—</Typography.Text>;
  if (view.kind === 'json') {
    return (
      <pre
        style={{
          margin: 0,
          maxHeight: 360,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {view.text}
      </pre>
    );
  }
  if (view.kind === 'objects') {
    return (
      <Space direction="vertical" size="small" style={{ width: '100%' }}>
        {view.objects.map((object, index) => (
          // One request may change the same object twice; the order is the request's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <div key={index}>
            <Typography.Text strong>{object.title}</Typography.Text>
            <FieldTable rows={object.rows} />
          </div>
        ))}
      </Space>
    );
  }
  return <FieldTable rows={view.rows} />;
}

function FieldTable({ rows }: { rows: ChangeRow[] }) {
  return (
    <Table<ChangeRow> size="small" rowKey="field" columns={COLUMNS} dataSource={rows} pagination={false} />
  );
}

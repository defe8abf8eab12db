import {
  type AlgorithmTestRunWire,
  type AlgorithmType,
  OBJECT_LEVEL_LABELS,
  OBJECT_LEVELS,
  type ObjectLevel,
} from '@eduqa/contract';
import { Alert, Button, DatePicker, Form, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { testOnObject, useObjects } from '../api.ts';

const LEVEL_OPTIONS = OBJECT_LEVELS.map((level) => ({ value: level, label: OBJECT_LEVEL_LABELS[level] }));

/** Cells from the database may be objects (json) or null: shown as text, never as markup. */
const cellText = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The rows a run answered, with their own columns, the time taken and the row limit. */
function RunResult({ answer }: { answer: AlgorithmTestRunWire }) {
  const columns = answer.columns.map((name) => ({
    title: name,
    dataIndex: name,
    ellipsis: true,
    render: (value: unknown) => cellText(value),
  }));
  const rows = answer.rows.map((row, index) => ({ ...row, __key: index }));
  return (
    <div data-testid="algorithm-test-result">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        返回 {answer.rows.length} 行，耗时 {answer.elapsedMs} 毫秒
        {answer.version ? `（版本 V${answer.version}）` : '（未保存的 SQL）'}
      </Typography.Paragraph>
      {answer.truncated ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message="结果超过行数上限，只显示前面的行"
        />
      ) : null}
      <Table
        size="small"
        rowKey="__key"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scroll={{ x: true }}
      />
    </div>
  );
}

/**
 * 在对象上测试: pick a diagnosis object and a cycle; the server binds the object's id, code and
 * department, the cycle dates and the year, runs the SQL and answers rows and time taken.
 */
export function TestPanel({
  groupId,
  type,
  sql,
  version,
}: {
  groupId: string;
  type: AlgorithmType;
  /** The editor's text when it differs from the saved version; otherwise the version runs. */
  sql: string | undefined;
  version: number | undefined;
}) {
  const [level, setLevel] = useState<ObjectLevel | undefined>();
  const [keyword, setKeyword] = useState('');
  const [objectId, setObjectId] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('year'), dayjs().endOf('year')]);
  const [answer, setAnswer] = useState<AlgorithmTestRunWire | null>(null);
  const [isRunning, setRunning] = useState(false);
  const objects = useObjects({ level, keyword: keyword || undefined });

  const run = async () => {
    if (!objectId) return;
    setRunning(true);
    setAnswer(null);
    try {
      setAnswer(
        await testOnObject({
          groupId,
          type,
          objectId,
          cycleStart: range[0].format('YYYY-MM-DD'),
          cycleEnd: range[1].format('YYYY-MM-DD'),
          ...(sql !== undefined ? { sql } : version !== undefined ? { version } : {}),
        }),
      );
    } catch {
      // The api client has shown the server's Chinese reason.
    } finally {
      setRunning(false);
    }
  };

  return (
    <div>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label="层级">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={LEVEL_OPTIONS}
            value={level}
            onChange={setLevel}
          />
        </Form.Item>
        <Form.Item label="诊断对象" required>
          <Select
            aria-label="诊断对象"
            showSearch
            filterOption={false}
            placeholder="搜索对象名称或代码"
            style={{ width: 240 }}
            value={objectId}
            onSearch={setKeyword}
            onChange={setObjectId}
            loading={objects.list.isFetching}
            notFoundContent={objects.list.isFetching ? '加载中…' : '暂无对象'}
            options={(objects.list.data?.records ?? []).map((o) => ({
              value: o.id,
              label: `${o.name}（${o.code}）`,
            }))}
          />
        </Form.Item>
        <Form.Item label="周期" required>
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onChange={(next) => {
              if (next?.[0] && next[1]) setRange([next[0], next[1]]);
            }}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" onClick={run} loading={isRunning} disabled={!objectId}>
              在对象上测试
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {answer ? <RunResult answer={answer} /> : null}
    </div>
  );
}

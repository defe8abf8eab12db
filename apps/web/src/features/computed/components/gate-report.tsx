import {
  type ComputedRunValueWire,
  type ComputedRunWire,
  GATE_FLAG_LABELS,
  RESULT_SOURCE_RULE,
  RUN_STATE_LABELS,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import {
  Alert,
  Button,
  Descriptions,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { acceptRun, computedKeys, discardRun, useRunValues } from '../api.ts';

const FLAG_COLORS = {
  missing: 'default',
  null: 'default',
  range: 'red',
  outlier: 'orange',
  error: 'red',
} as const;

/**
 * A row without a value stopped at its one flag (无数据, 空值 or 采集出错), whose reason says why: the
 * endpoint refused, the SQL failed, the algorithm answered nothing. Null for a row with a value.
 */
const noValueReason = (v: ComputedRunValueWire) => (v.value === null ? (v.reasons[0] ?? null) : null);

const columns: TableColumnsType<ComputedRunValueWire> = [
  { key: 'object', title: '诊断对象', width: 140, render: (_, v) => `${v.objectName}（${v.objectCode}）` },
  { key: 'point', title: '质控点', dataIndex: 'pointName', width: 140, ellipsis: true },
  { key: 'cycle', title: '周期', dataIndex: 'cycleKey', width: 90 },
  {
    key: 'value',
    title: '采集值',
    width: 240,
    render: (_, v) => {
      const why = noValueReason(v);
      if (why === null) return v.value ?? '-';
      // Text from the server (a database's or endpoint's message) stays text: React escapes it.
      return (
        <Space orientation="vertical" size={0}>
          <Typography.Text type="secondary">未取得</Typography.Text>
          <Typography.Text type="danger">{why}</Typography.Text>
        </Space>
      );
    },
  },
  {
    key: 'flags',
    title: '异常',
    render: (_, v) =>
      v.flags.length === 0 ? (
        <Tag color="green">正常</Tag>
      ) : (
        <Space orientation="vertical" size={2}>
          {v.flags.map((f, i) => (
            <span key={f}>
              <Tag color={FLAG_COLORS[f]}>{GATE_FLAG_LABELS[f]}</Tag>
              {/* A value-less row's reason is under its value already. */}
              {v.value === null ? null : v.reasons[i]}
            </span>
          ))}
        </Space>
      ),
  },
];

/**
 * The data-quality gate of a run (issue 12 item 8): every staged value with its flags and Chinese
 * reasons, flagged ones first; an object that got no value says why, in red where the value would be.
 * The publisher ticks the rows to hold, then accepts the rest (they become samples and are graded) or
 * discards the run. Values without a value (missing, null, error) never become samples.
 */
export function GateReport({ run, onDone }: { run: ComputedRunWire; onDone: () => void }) {
  const [flaggedOnly, setFlaggedOnly] = useState(run.flaggedCount > 0);
  const [held, setHeld] = useState<string[]>([]);
  const { list, page } = useRunValues({ runId: run.id, flaggedOnly });
  // Diagnosis lists reload when the dialog closes (ComputedRunModal): reloading them now would close it.
  const act = useAction(computedKeys.all);
  const atGate = run.state === 'gate';
  const accept = () =>
    act(
      () => acceptRun(run.id, held),
      (r) => `已入库 ${r.appliedCount} 条，暂缓 ${r.heldCount} 条，评级已更新`,
    ).then((ok) => ok && onDone());
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={3}
        items={[
          { key: 'state', label: '状态', children: RUN_STATE_LABELS[run.state] },
          { key: 'objects', label: '对象数', children: run.objectCount },
          { key: 'values', label: '采集值', children: run.valueCount },
          {
            key: 'flagged',
            label: '异常',
            children: (
              <span style={{ color: run.flaggedCount ? '#cf1322' : undefined }}>{run.flaggedCount}</span>
            ),
          },
          { key: 'applied', label: '已入库', children: run.appliedCount },
          { key: 'held', label: '暂缓', children: run.heldCount },
        ]}
      />
      {run.message ? (
        <Alert
          type="warning"
          showIcon
          title={run.message}
          description={
            run.unmappedCodes.length
              ? `未匹配的编码：${run.unmappedCodes.slice(0, 20).join('、')}`
              : undefined
          }
        />
      ) : null}
      {atGate ? (
        // What accepting does to values typed by hand (issue 26): the publisher decides knowing the rule.
        <Alert type="info" showIcon title={RESULT_SOURCE_RULE} />
      ) : null}
      <Space>
        <Switch checked={flaggedOnly} onChange={setFlaggedOnly} aria-label="只看异常" />
        只看异常
      </Space>
      <Table<ComputedRunValueWire>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        rowSelection={
          atGate
            ? {
                selectedRowKeys: held,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setHeld(keys.map(String)),
                getCheckboxProps: (v) => ({
                  disabled: v.value === null,
                  'aria-label': `暂缓 ${v.objectName} ${v.cycleKey}`,
                }),
              }
            : undefined
        }
        pagination={{
          current: page.current,
          total: page.total,
          onChange: page.onChange,
          showSizeChanger: false,
        }}
      />
      {atGate ? (
        <Space>
          <Popconfirm
            title="确认入库吗？"
            description={`勾选的 ${held.length} 条暂缓，其余有值的数据将写入采样并重新评级。`}
            okText="入库"
            cancelText="取消"
            onConfirm={accept}
          >
            <Button type="primary">{held.length ? `暂缓 ${held.length} 条，其余入库` : '全部入库'}</Button>
          </Popconfirm>
          <Popconfirm
            title="确定放弃这次采集吗？"
            description="放弃后这次采集的数据都不会入库。"
            okText="放弃"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => act(() => discardRun(run.id), '已放弃本次采集').then((ok) => ok && onDone())}
          >
            <Button danger>放弃</Button>
          </Popconfirm>
        </Space>
      ) : null}
    </Space>
  );
}

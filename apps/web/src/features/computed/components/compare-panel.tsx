import { type ComputedChange, type ComputedCompare, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Alert, Button, Form, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { type CompareInput, compareVersions, taskPointOptions, useTaskPoints } from '../api.ts';
import { compareSummary, defaultVersions, resultText, versionLabel } from './compare-summary.ts';

const columns: TableColumnsType<ComputedChange> = [
  { key: 'object', title: '诊断对象', render: (_, c) => `${c.objectName}（${c.objectCode}）` },
  { key: 'cycle', title: '采样周期', dataIndex: 'cycleKey', width: 110 },
  { key: 'from', title: '原版本结果', width: 130, render: (_, c) => resultText(c.fromValue, c.fromGrade) },
  { key: 'to', title: '新版本结果', width: 130, render: (_, c) => resultText(c.toValue, c.toGrade) },
  {
    key: 'grade',
    title: '变化',
    width: 90,
    render: (_, c) => (c.gradeChanged ? <Tag color="orange">等级变化</Tag> : <Tag>仅数值</Tag>),
  },
];

type Values = CompareInput;

/**
 * 版本对比: two versions of a point's result algorithm, picked from its group's versions, run side by side
 * over the task's objects in every cycle so far (or one chosen); each object and cycle whose value or
 * grade would change is listed. Nothing is stored: switching the version is done in 算法管理, and
 * results change only when the task is collected again.
 */
export function ComparePanel({ taskId }: { taskId: string }) {
  const points = useTaskPoints(taskId);
  const [form] = Form.useForm<Values>();
  const pointId = Form.useWatch('pointId', form);
  const [answer, setAnswer] = useState<ComputedCompare | null>(null);
  const [isRunning, setRunning] = useState(false);
  const computed = (points.data ?? []).filter((p) => p.resultGroupId);
  const point = computed.find((p) => p.pointId === pointId);
  const versionOptions = (point?.versions ?? []).map((v) => ({ value: v.version, label: versionLabel(v) }));
  const cycleOptions = [
    { value: '', label: '全部周期' },
    ...[...(point?.cycleKeys ?? [])].reverse().map((key) => ({ value: key, label: key })),
  ];
  const onPoint = (id: string) => {
    const chosen = computed.find((p) => p.pointId === id);
    form.setFieldsValue({ ...defaultVersions(chosen?.versions ?? []), cycleKey: '' });
    setAnswer(null);
  };
  const run = async (values: Values) => {
    setRunning(true);
    try {
      setAnswer(await compareVersions(taskId, values));
    } catch {
      // The api client has shown the server's Chinese message.
    } finally {
      setRunning(false);
    }
  };
  const pick = (label: string) => ({ required: true, message: `请选择${label}` });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form<Values>
        form={form}
        layout="inline"
        initialValues={{ cycleKey: '' }}
        onFinish={(v) => void run(v)}
      >
        <Form.Item name="pointId" label="质控点" rules={[pick('质控点')]}>
          <Select
            style={{ width: 220 }}
            options={taskPointOptions(computed)}
            loading={points.isLoading}
            placeholder="已配置算法的质控点"
            onChange={onPoint}
          />
        </Form.Item>
        <Form.Item name="fromVersion" label="原版本" rules={[pick('原版本')]}>
          <Select style={{ width: 130 }} options={versionOptions} placeholder="选择版本" />
        </Form.Item>
        <Form.Item name="toVersion" label="新版本" rules={[pick('新版本')]}>
          <Select style={{ width: 130 }} options={versionOptions} placeholder="选择版本" />
        </Form.Item>
        <Form.Item name="cycleKey" label="采样周期">
          <Select style={{ width: 130 }} options={cycleOptions} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isRunning}>
          对比
        </Button>
      </Form>
      {answer ? (
        <>
          <Alert
            type={answer.changes.length ? 'warning' : 'success'}
            showIcon
            title={compareSummary(answer)}
          />
          <Table<ComputedChange>
            rowKey={(c) => `${c.assignedPointId}|${c.cycleKey}`}
            size="small"
            columns={columns}
            dataSource={answer.changes}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: TABLE_EMPTY_TEXT }}
          />
        </>
      ) : null}
    </Space>
  );
}

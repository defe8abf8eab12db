import { type ComputedCompareWire, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Alert, Button, Form, InputNumber, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { type CompareInput, compareVersions, taskPointOptions, useTaskPoints } from '../api.ts';

type Change = ComputedCompareWire['changes'][number];

const columns: TableColumnsType<Change> = [
  { key: 'object', title: '诊断对象', render: (_, c) => `${c.objectName}（${c.objectCode}）` },
  {
    key: 'from',
    title: '原版本结果',
    width: 120,
    render: (_, c) => `${c.fromValue ?? '-'}（${c.fromGrade ?? '-'}）`,
  },
  {
    key: 'to',
    title: '新版本结果',
    width: 120,
    render: (_, c) => `${c.toValue ?? '-'}（${c.toGrade ?? '-'}）`,
  },
  {
    key: 'grade',
    title: '等级',
    width: 90,
    render: (_, c) => (c.gradeChanged ? <Tag color="orange">等级变化</Tag> : <Tag>仅数值</Tag>),
  },
];

type Values = CompareInput;

/**
 * 版本对比 (issue 12 item 7): two versions of a point's result algorithm run side by side over the task's
 * objects in the current cycle; every object whose value or grade would change is listed. Nothing is
 * stored: switching the version is done in 算法管理, and results change only when the task is collected again.
 */
export function ComparePanel({ taskId }: { taskId: string }) {
  const points = useTaskPoints(taskId);
  const [answer, setAnswer] = useState<ComputedCompareWire | null>(null);
  const [isRunning, setRunning] = useState(false);
  const options = taskPointOptions((points.data ?? []).filter((p) => p.resultGroupId));
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
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form<Values> layout="inline" onFinish={(v) => void run(v)}>
        <Form.Item name="pointId" label="质控点" rules={[{ required: true, message: '请选择质控点' }]}>
          <Select
            style={{ width: 220 }}
            options={options}
            loading={points.isLoading}
            placeholder="已配置算法的质控点"
          />
        </Form.Item>
        <Form.Item name="fromVersion" label="原版本" rules={[{ required: true, message: '请输入原版本' }]}>
          <InputNumber min={1} precision={0} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="toVersion" label="新版本" rules={[{ required: true, message: '请输入新版本' }]}>
          <InputNumber min={1} precision={0} style={{ width: 90 }} />
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
            title={`周期 ${answer.cycleKey}：${answer.objectCount} 个对象中有 ${answer.changes.length} 个的结果或等级会变化（版本 ${answer.fromVersion} → ${answer.toVersion}）`}
          />
          <Table<Change>
            rowKey="objectCode"
            size="small"
            columns={columns}
            dataSource={answer.changes}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: TABLE_EMPTY_TEXT }}
          />
        </>
      ) : null}
    </Space>
  );
}

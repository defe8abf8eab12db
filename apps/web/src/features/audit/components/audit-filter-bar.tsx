import {
  AUDIT_RESULT_FILTER_LABELS,
  AUDIT_RESULT_FILTERS,
  type AuditKind,
  LOGIN_EVENT_LABELS,
  LOGIN_EVENTS,
} from '@eduqa/contract';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { DepartmentTreeSelect } from '../../org/index.ts';
import { type AuditFilter, type AuditFilterForm, auditFilterOf } from '../audit-filter.ts';

const EVENT_OPTIONS = LOGIN_EVENTS.map((value) => ({ value, label: LOGIN_EVENT_LABELS[value] }));
const RESULT_OPTIONS = AUDIT_RESULT_FILTERS.map((value) => ({
  value,
  label: AUDIT_RESULT_FILTER_LABELS[value],
}));
/** The contract's limit of the text filters. */
const TEXT_MAX = 64;

/**
 * The filters of a log: time range, person, department, then 模块 and 操作 (操作日志) or 事件 (登录日志),
 * and 结果. They apply on 查询; 重置 empties them and lists everything again.
 */
export function AuditFilterBar({
  kind,
  onSearch,
}: {
  kind: AuditKind;
  onSearch: (filter: AuditFilter) => void;
}) {
  const [form] = Form.useForm<AuditFilterForm>();
  return (
    <Form<AuditFilterForm>
      form={form}
      layout="inline"
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(values) => onSearch(auditFilterOf(values))}
    >
      <Form.Item name="range" label="时间">
        <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="person" label="人员">
        <Input placeholder="姓名或账号" allowClear maxLength={TEXT_MAX} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="departmentId" label="部门">
        <DepartmentTreeSelect />
      </Form.Item>
      {kind === 'operation' ? (
        <>
          <Form.Item name="module" label="模块">
            <Input placeholder="如 系统管理" allowClear maxLength={TEXT_MAX} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="operation" label="操作">
            <Input placeholder="操作名称" allowClear maxLength={TEXT_MAX} style={{ width: 160 }} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="event" label="事件">
          <Select placeholder="全部事件" allowClear options={EVENT_OPTIONS} style={{ width: 180 }} />
        </Form.Item>
      )}
      <Form.Item name="result" label="结果">
        <Select placeholder="全部" allowClear options={RESULT_OPTIONS} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

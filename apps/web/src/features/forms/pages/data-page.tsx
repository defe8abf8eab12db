import { FILL_STATE_LABELS, FILL_STATES, type FillState, type FormField } from '@eduqa/contract';
import { Empty, Input, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDepartments } from '../../org/index.ts';
import { type DataFilters, useAllTasks, useCollectedData, useFormDetail, usePublishedForms } from '../api.ts';
import { draftToDefinition } from '../widgets/draft-definition.ts';
import { FillStateTag } from '../widgets/fill-state-tag.tsx';
import { cellText } from '../widgets/record-cells.ts';
import { useFillOptions } from '../widgets/use-fill-options.ts';

type DataRow = NonNullable<ReturnType<typeof useCollectedData>['list']['data']>['records'][number];

const STATE_FILTER = FILL_STATES.map((s) => ({ value: s, label: FILL_STATE_LABELS[s] }));

/** The columns of one form's records: every field (the table scrolls sideways), then who answered and when. */
function useDataColumns(formId: string): TableColumnsType<DataRow> {
  const detail = useFormDetail(formId);
  const optionsOf = useFillOptions(formId);
  return useMemo(() => {
    const fields = detail.data ? draftToDefinition(detail.data.definition).fields : [];
    return [
      ...fields.map((field) => ({
        title: field.label,
        key: field.key,
        ellipsis: true,
        render: (_: unknown, row: DataRow) => cellText(row.data[field.key], optionsOf(field.key)),
      })),
      {
        title: '来源',
        key: 'source',
        width: 200,
        ellipsis: true,
        render: (_: unknown, row: DataRow) =>
          row.publicLinkId ? '公开链接' : `${row.departmentName ?? ''} · ${row.fillerName ?? ''}`,
      },
      {
        title: '状态',
        dataIndex: 'state',
        width: 90,
        render: (s: FillState | null) => (s ? <FillStateTag state={s} /> : '—'),
      },
      { title: '更新时间', dataIndex: 'updatedAt', width: 170 },
    ];
  }, [detail.data, optionsOf]);
}

function DataTable({ filters }: { filters: DataFilters }) {
  const { list, page } = useCollectedData(filters);
  const columns = useDataColumns(filters.formId);
  return (
    <Table<DataRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.data?.records ?? []}
      loading={list.isFetching}
      pagination={{ ...PAGINATION, ...page }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description="暂无采集数据" /> }}
    />
  );
}

/** The search by one field's value: the field, then the (trimmed) value searched for. */
function FieldValueSearch({
  fields,
  isDisabled,
  fieldKey,
  onFieldKeyChange,
  onSearch,
}: {
  fields: readonly FormField[];
  isDisabled: boolean;
  fieldKey: string | undefined;
  onFieldKeyChange: (fieldKey: string | undefined) => void;
  onSearch: (value: string) => void;
}) {
  return (
    <Space.Compact>
      <Select
        allowClear
        aria-label="查询字段"
        placeholder="字段"
        style={{ width: 130 }}
        disabled={isDisabled}
        options={fields.map((f) => ({ value: f.key, label: f.label }))}
        value={fieldKey}
        onChange={onFieldKeyChange}
      />
      <Input.Search
        placeholder="字段值"
        allowClear
        style={{ width: 180 }}
        disabled={!fieldKey}
        maxLength={100}
        onSearch={(text) => onSearch(text.trim())}
      />
    </Space.Compact>
  );
}

/** 数据采集 › 采集数据: the records collected for one form, by task, department, state or a field's value. */
export default function DataPage() {
  const forms = usePublishedForms();
  const tasks = useAllTasks();
  const departments = useDepartments();
  const [formId, setFormId] = useState<string | undefined>();
  const [taskId, setTaskId] = useState<string | undefined>();
  const [departmentId, setDepartmentId] = useState<string | undefined>();
  const [state, setState] = useState<FillState | undefined>();
  const [fieldKey, setFieldKey] = useState<string | undefined>();
  const [value, setValue] = useState('');
  const detail = useFormDetail(formId ?? '');
  const fields = detail.data && formId ? draftToDefinition(detail.data.definition).fields : [];
  const formTasks = (tasks.data ?? []).filter((t) => !formId || t.forms.some((f) => f.formId === formId));

  const filters: DataFilters | null = formId
    ? {
        formId,
        taskId,
        departmentId,
        state,
        ...(fieldKey && value ? { fieldKey, value } : {}),
      }
    : null;

  return (
    <PageCard title="采集数据">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          showSearch
          optionFilterProp="label"
          aria-label="表单"
          placeholder="选择表单"
          style={{ width: 220 }}
          loading={forms.isLoading}
          options={(forms.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
          value={formId}
          onChange={(next) => {
            setFormId(next);
            setFieldKey(undefined);
            setTaskId(undefined);
          }}
          notFoundContent="暂无已发布的表单"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label="采集任务"
          placeholder="全部采集任务"
          style={{ width: 200 }}
          options={formTasks.map((t) => ({ value: t.id, label: t.name }))}
          value={taskId}
          onChange={setTaskId}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label="部门"
          placeholder="全部部门"
          style={{ width: 160 }}
          options={(departments.data?.rows ?? []).map((d) => ({
            value: d.departmentId,
            label: d.departmentName,
          }))}
          value={departmentId}
          onChange={setDepartmentId}
        />
        <Select
          allowClear
          aria-label="状态"
          placeholder="全部状态"
          style={{ width: 120 }}
          options={STATE_FILTER}
          value={state}
          onChange={setState}
        />
        <FieldValueSearch
          fields={fields}
          isDisabled={!formId}
          fieldKey={fieldKey}
          onFieldKeyChange={setFieldKey}
          onSearch={setValue}
        />
      </Space>
      {filters ? (
        <DataTable filters={filters} />
      ) : (
        <Empty description={<Typography.Text type="secondary">请选择要查看的表单</Typography.Text>} />
      )}
    </PageCard>
  );
}

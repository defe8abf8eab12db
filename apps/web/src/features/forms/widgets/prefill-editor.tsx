import {
  type FieldPrefill,
  type FormField,
  PREFILL_SOURCE_LABELS,
  PREFILL_SOURCES,
  type PrefillSourceKind,
} from '@eduqa/contract';
import { Form, Select, Typography } from 'antd';
import { useFormDetail, usePublishedForms, useSourceTableFields, useSourceTables } from '../api.ts';
import { draftToDefinition } from './draft-definition.ts';

const KIND_OPTIONS = [
  { value: 'none', label: '不引用（由填报人填写）' },
  ...PREFILL_SOURCES.map((kind) => ({ value: kind, label: PREFILL_SOURCE_LABELS[kind] })),
];

const search = { optionFilterProp: 'label' } as const;

function FormSource({
  formId,
  prefill,
  onChange,
}: {
  formId: string;
  prefill: Extract<FieldPrefill, { source: 'form' }>;
  onChange: (prefill: FieldPrefill) => void;
}) {
  const forms = usePublishedForms();
  // A form chosen but not loaded yet has no fields to offer; its own id fetches nothing useful.
  const source = useFormDetail(prefill.formId || formId);
  const fields = prefill.formId && source.data ? draftToDefinition(source.data.definition).fields : [];
  return (
    <>
      <Form.Item label="来源表单" required help="只列出已发布的浮动表单；取同一填报人、同一周期已审核的数据">
        <Select
          aria-label="来源表单"
          showSearch={search}
          placeholder="选择表单"
          loading={forms.isLoading}
          value={prefill.formId || undefined}
          options={(forms.data ?? [])
            .filter((f) => f.formType === 'floating' && f.id !== formId)
            .map((f) => ({ value: f.id, label: f.name }))}
          onChange={(id: string) => onChange({ source: 'form', formId: id, fieldKey: '' })}
        />
      </Form.Item>
      <Form.Item label="来源字段" required>
        <Select
          aria-label="来源字段"
          showSearch={search}
          placeholder="选择字段"
          disabled={!prefill.formId}
          value={prefill.fieldKey || undefined}
          options={fields.map((f) => ({ value: f.key, label: `${f.label}（${f.key}）` }))}
          onChange={(fieldKey: string) => onChange({ ...prefill, fieldKey })}
        />
      </Form.Item>
    </>
  );
}

function WarehouseSource({
  prefill,
  onChange,
}: {
  prefill: Extract<FieldPrefill, { source: 'warehouse' }>;
  onChange: (prefill: FieldPrefill) => void;
}) {
  const tables = useSourceTables(true);
  const fields = useSourceTableFields(prefill.tableId || undefined);
  const all = fields.data ?? [];
  return (
    <>
      <Form.Item label="来源数据表" required>
        <Select
          aria-label="来源数据表"
          showSearch={search}
          placeholder="选择数据表"
          loading={tables.isLoading}
          value={prefill.tableId || undefined}
          options={(tables.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          onChange={(tableId: string) =>
            onChange({ source: 'warehouse', tableId, fieldCode: '', matchCode: '' })
          }
        />
      </Form.Item>
      <Form.Item label="取值字段" required>
        <Select
          aria-label="取值字段"
          showSearch={search}
          placeholder="选择字段"
          disabled={!prefill.tableId}
          value={prefill.fieldCode || undefined}
          options={all.map((f) => ({ value: f.code, label: `${f.label}（${f.code}）` }))}
          onChange={(fieldCode: string) => onChange({ ...prefill, fieldCode })}
        />
      </Form.Item>
      <Form.Item
        label="对象字段"
        required
        help="数据表中关联诊断对象的字段（如工号），用来找到填报人自己的那一行"
      >
        <Select
          aria-label="对象字段"
          placeholder="选择对象字段"
          disabled={!prefill.tableId}
          value={prefill.matchCode || undefined}
          options={all
            .filter((f) => f.isObject)
            .map((f) => ({ value: f.code, label: `${f.label}（${f.code}）` }))}
          onChange={(matchCode: string) => onChange({ ...prefill, matchCode })}
        />
      </Form.Item>
    </>
  );
}

/**
 * 已有数据（只采一次）in the designer's field properties: where the school already holds this field's value
 * for the filler — another form's audited data or a warehouse table. Only floating forms have one object
 * per record to look the value up by.
 */
export function PrefillEditor({
  formId,
  formType,
  field,
  isReadOnly,
  onChange,
}: {
  formId: string;
  formType: 'floating' | 'fixed';
  field: FormField;
  isReadOnly: boolean;
  onChange: (prefill: FieldPrefill | null) => void;
}) {
  if (formType !== 'floating')
    return (
      <Typography.Paragraph type="secondary">
        已有数据（只采一次）：固定表单的每行不是同一对象，不能引用已有数据。
      </Typography.Paragraph>
    );
  const prefill = field.prefill ?? null;
  const kind: PrefillSourceKind | 'none' = prefill?.source ?? 'none';
  return (
    <fieldset disabled={isReadOnly} style={{ border: 0, margin: 0, padding: 0 }}>
      <Form.Item
        label="已有数据（只采一次）"
        help="学校已有的值预先填好并标明来源；填报人修改后提交时提醒来源的负责人"
      >
        <Select
          aria-label="已有数据来源"
          value={kind}
          options={KIND_OPTIONS}
          onChange={(next: PrefillSourceKind | 'none') =>
            onChange(
              next === 'none'
                ? null
                : next === 'form'
                  ? { source: 'form', formId: '', fieldKey: '' }
                  : { source: 'warehouse', tableId: '', fieldCode: '', matchCode: '' },
            )
          }
        />
      </Form.Item>
      {prefill?.source === 'form' ? (
        <FormSource formId={formId} prefill={prefill} onChange={onChange} />
      ) : null}
      {prefill?.source === 'warehouse' ? <WarehouseSource prefill={prefill} onChange={onChange} /> : null}
    </fieldset>
  );
}

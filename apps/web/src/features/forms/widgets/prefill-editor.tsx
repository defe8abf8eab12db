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

type Option = { value: string; label: string };

/** One choice of the source: a labelled, searchable select whose empty value shows its placeholder. */
function Pick(props: {
  label: string;
  help?: string;
  placeholder: string;
  value: string;
  options: Option[];
  isDisabled?: boolean;
  isLoading?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Item label={props.label} required help={props.help}>
      <Select
        aria-label={props.label}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={props.placeholder}
        disabled={props.isDisabled}
        loading={props.isLoading}
        value={props.value || undefined}
        options={props.options}
        onChange={props.onChange}
      />
    </Form.Item>
  );
}

const fieldOption = (label: string, code: string): Option => ({ value: code, label: `${label}（${code}）` });

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
  // Before a form is chosen this reads the designer's own form, already loaded by the page.
  const source = useFormDetail(prefill.formId || formId);
  const fields = prefill.formId && source.data ? draftToDefinition(source.data.definition).fields : [];
  return (
    <>
      <Pick
        label="来源表单"
        help="只列出已发布的浮动表单；取同一填报人、同一周期已审核的数据"
        placeholder="选择表单"
        isLoading={forms.isLoading}
        value={prefill.formId}
        options={(forms.data ?? [])
          .filter((f) => f.formType === 'floating' && f.id !== formId)
          .map((f) => ({ value: f.id, label: f.name }))}
        onChange={(id) => onChange({ source: 'form', formId: id, fieldKey: '' })}
      />
      <Pick
        label="来源字段"
        placeholder="选择字段"
        isDisabled={!prefill.formId}
        value={prefill.fieldKey}
        options={fields.map((f) => fieldOption(f.label, f.key))}
        onChange={(fieldKey) => onChange({ ...prefill, fieldKey })}
      />
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
  const tables = useSourceTables();
  const fields = useSourceTableFields(prefill.tableId || undefined);
  const all = fields.data ?? [];
  return (
    <>
      <Pick
        label="来源数据表"
        placeholder="选择数据表"
        isLoading={tables.isLoading}
        value={prefill.tableId}
        options={(tables.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        onChange={(tableId) => onChange({ source: 'warehouse', tableId, fieldCode: '', matchCode: '' })}
      />
      <Pick
        label="取值字段"
        placeholder="选择字段"
        isDisabled={!prefill.tableId}
        value={prefill.fieldCode}
        options={all.map((f) => fieldOption(f.label, f.code))}
        onChange={(fieldCode) => onChange({ ...prefill, fieldCode })}
      />
      <Pick
        label="对象字段"
        help="数据表中关联诊断对象的字段（如工号），用来找到填报人自己的那一行"
        placeholder="选择对象字段"
        isDisabled={!prefill.tableId}
        value={prefill.matchCode}
        options={all.filter((f) => f.isObject).map((f) => fieldOption(f.label, f.code))}
        onChange={(matchCode) => onChange({ ...prefill, matchCode })}
      />
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

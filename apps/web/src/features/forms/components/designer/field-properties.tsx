import { checkFieldValue, FIELD_SPANS, type FormField, OPTION_COMPONENTS } from '@eduqa/contract';
import { Card, Empty, Form, Input, Radio, Select } from 'antd';
import type { ReactNode } from 'react';
import { keyProblem } from './definition-problems.ts';
import { SPAN_LABELS } from './span-labels.ts';
import { ValidationEditor } from './validation-editor.tsx';

/** A constant type that can feed a select's options (数据源类型「常量」). */
export interface ConstantTypeOption {
  id: string;
  name: string;
}

interface FieldPropertiesProps {
  fields: readonly FormField[];
  index: number | null;
  constantTypes: readonly ConstantTypeOption[];
  isReadOnly: boolean;
  /** mergeKey groups the keystrokes of one input into one undo step. */
  onUpdate: (index: number, patch: Partial<FormField>, mergeKey?: string) => void;
  /** The 已有数据 source of the field, drawn by the page that can load forms and warehouse tables. */
  renderPrefill?: PrefillSlot | undefined;
}

export type PrefillSlot = (field: FormField, onChange: (prefill: FormField['prefill']) => void) => ReactNode;

/** A default value is checked like a typed one, except that an empty default is always allowed. */
function defaultValueProblem(field: FormField): string | null {
  if (field.defaultValue === '') return null;
  const withoutRequire = { ...field, validations: field.validations.filter((r) => r.type === 'custom') };
  return checkFieldValue(withoutRequire, field.defaultValue);
}

/** 属性: the selected field's label, key, help, default, width, rules and option source. */
export function FieldProperties({
  fields,
  index,
  constantTypes,
  isReadOnly,
  onUpdate,
  renderPrefill,
}: FieldPropertiesProps) {
  const field = index === null ? undefined : fields[index];
  if (index === null || !field)
    return (
      <Card size="small" title="字段属性">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="在画布中选择一个字段" />
      </Card>
    );
  const update = (patch: Partial<FormField>, property?: string) =>
    onUpdate(index, patch, property ? `${index}.${property}` : undefined);
  const keyMessage = keyProblem(field.key, fields, index);
  const defaultMessage = defaultValueProblem(field);
  const hasOptions = OPTION_COMPONENTS.includes(field.component);

  return (
    <Card size="small" title="字段属性">
      <Form layout="vertical" component="div" disabled={isReadOnly} data-testid="field-properties">
        <Form.Item
          label="字段名称"
          htmlFor="field-label"
          required
          validateStatus={field.label.trim() ? undefined : 'error'}
          help={field.label.trim() ? undefined : '请输入字段名称'}
        >
          <Input
            id="field-label"
            value={field.label}
            maxLength={60}
            onChange={(e) => update({ label: e.target.value }, 'label')}
          />
        </Form.Item>
        <Form.Item
          label="字段标识"
          htmlFor="field-key"
          required
          validateStatus={keyMessage ? 'error' : undefined}
          help={keyMessage}
        >
          <Input
            id="field-key"
            value={field.key}
            maxLength={41}
            onChange={(e) => update({ key: e.target.value }, 'key')}
          />
        </Form.Item>
        <Form.Item label="填写说明" htmlFor="field-help">
          <Input.TextArea
            id="field-help"
            value={field.help}
            maxLength={200}
            autoSize={{ minRows: 1, maxRows: 4 }}
            onChange={(e) => update({ help: e.target.value }, 'help')}
          />
        </Form.Item>
        <Form.Item
          label="默认值"
          validateStatus={defaultMessage ? 'error' : undefined}
          help={defaultMessage ?? (field.component === 'multiSelect' ? '多个选项以英文逗号分隔' : undefined)}
          htmlFor="field-default"
        >
          <Input
            id="field-default"
            value={field.defaultValue}
            maxLength={1000}
            onChange={(e) => update({ defaultValue: e.target.value }, 'defaultValue')}
          />
        </Form.Item>
        <Form.Item label="宽度">
          <Radio.Group
            optionType="button"
            value={field.span}
            options={FIELD_SPANS.map((span) => ({ value: span, label: SPAN_LABELS[span] }))}
            onChange={(e) => update({ span: e.target.value as FormField['span'] })}
          />
        </Form.Item>
        <ValidationEditor
          field={field}
          isDisabled={isReadOnly}
          onChange={(validations, mergeKey) =>
            onUpdate(index, { validations }, mergeKey && `${index}.${mergeKey}`)
          }
        />
        {hasOptions ? (
          <Form.Item
            label="选项来源（常量类型）"
            required
            validateStatus={field.options ? undefined : 'error'}
            help={field.options ? undefined : '请选择常量类型'}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择常量类型"
              value={field.options?.constantTypeId}
              options={constantTypes.map((t) => ({ value: t.id, label: t.name }))}
              onChange={(constantTypeId: string) =>
                update({ options: { source: 'constant', constantTypeId } })
              }
            />
          </Form.Item>
        ) : null}
        {renderPrefill?.(field, (prefill) => update({ prefill }))}
      </Form>
    </Card>
  );
}

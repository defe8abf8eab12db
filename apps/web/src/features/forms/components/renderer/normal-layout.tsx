import type { FieldValue, FormField } from '@eduqa/contract';
import { Col, Form, Row } from 'antd';
import { memo, useSyncExternalStore } from 'react';
import { FieldInput } from './field-input.tsx';
import type { FieldOption, OptionsOf } from './form-row.ts';
import type { RowSource } from './row-source.ts';

interface NormalFieldProps {
  field: FormField;
  rowId: string;
  source: RowSource;
  options: readonly FieldOption[];
  isDisabled: boolean;
  onValueChange: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
}

/** One labelled field on the grid: its message under it, its help text below that. */
const NormalField = memo(function NormalField(props: NormalFieldProps) {
  const { field, source } = props;
  const value = useSyncExternalStore(source.subscribe, () => source.valueOf(field.key));
  const message = useSyncExternalStore(source.subscribe, () => source.messageOf(field.key));
  const isRequired = field.validations.some((rule) => rule.type === 'require');
  return (
    <Col xs={24} md={field.span}>
      <Form.Item
        label={field.label}
        htmlFor={`${props.rowId}-${field.key}`}
        required={isRequired}
        validateStatus={message ? 'error' : undefined}
        help={message || undefined}
        extra={field.help || undefined}
      >
        <FieldInput
          field={field}
          rowId={props.rowId}
          value={value}
          options={props.options}
          isDisabled={props.isDisabled}
          hasError={Boolean(message)}
          onValueChange={props.onValueChange}
          onLeave={props.onLeave}
        />
      </Form.Item>
    </Col>
  );
});

/**
 * The 表单 layout: one record's fields on antd's 24-column grid, each as wide as its span. Memoised
 * with stable props: values and messages reach the fields through `source`, not through a re-render.
 */
export const NormalLayout = memo(function NormalLayout(props: {
  fields: readonly FormField[];
  rowId: string;
  source: RowSource;
  isEditable: boolean;
  optionsOf: OptionsOf;
  onValueChange: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
}) {
  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        {props.fields.map((field) => (
          <NormalField
            key={field.key}
            field={field}
            rowId={props.rowId}
            source={props.source}
            options={props.optionsOf(field.key)}
            isDisabled={!props.isEditable}
            onValueChange={props.onValueChange}
            onLeave={props.onLeave}
          />
        ))}
      </Row>
    </Form>
  );
});

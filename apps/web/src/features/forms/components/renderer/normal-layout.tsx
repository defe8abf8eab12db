import type { FieldValue, FormField } from '@eduqa/contract';
import { Col, Form, Row } from 'antd';
import { memo } from 'react';
import { FieldInput } from './field-input.tsx';
import type { FieldOption, FormRow, OptionsOf } from './form-row.ts';

interface NormalFieldProps {
  field: FormField;
  rowId: string;
  value: FieldValue | undefined;
  options: readonly FieldOption[];
  message: string;
  isDisabled: boolean;
  onValueChange: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
}

/** One labelled field on the grid: its message under it, its help text below that. */
const NormalField = memo(function NormalField(props: NormalFieldProps) {
  const { field, message } = props;
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
          value={props.value}
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

/** The 表单 layout: one record's fields on antd's 24-column grid, each as wide as its span. */
export function NormalLayout(props: {
  fields: readonly FormField[];
  row: FormRow;
  isEditable: boolean;
  optionsOf: OptionsOf;
  messageOf: (rowId: string, key: string) => string;
  onValueChange: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
}) {
  const { row } = props;
  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        {props.fields.map((field) => (
          <NormalField
            key={field.key}
            field={field}
            rowId={row.id}
            value={row.values[field.key]}
            options={props.optionsOf(field.key)}
            message={props.messageOf(row.id, field.key)}
            isDisabled={!props.isEditable}
            onValueChange={props.onValueChange}
            onLeave={props.onLeave}
          />
        ))}
      </Row>
    </Form>
  );
}

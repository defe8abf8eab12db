import {
  type FieldValue,
  type FormField,
  isSameKnownValue,
  type KnownValue,
  type KnownValues,
} from '@eduqa/contract';
import { Col, Form, Row, Tag, Typography } from 'antd';
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
  known: KnownValue | undefined;
  onValueChange: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
}

/** Where a pre-filled value came from, and whether the filler has changed it. */
function KnownNote({ known, value }: { known: KnownValue; value: FieldValue | undefined }) {
  const isChanged = !isSameKnownValue(value, known.value);
  return (
    <span data-testid="known-source">
      <Tag color="blue" style={{ marginInlineEnd: 4 }}>
        已有数据
      </Tag>
      来自{known.source}
      {isChanged ? (
        <Typography.Text type="warning">，已修改，提交后将通知数据来源的负责人</Typography.Text>
      ) : null}
    </span>
  );
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
        extra={
          props.known ? (
            <>
              {field.help ? <div>{field.help}</div> : null}
              <KnownNote known={props.known} value={value} />
            </>
          ) : (
            field.help || undefined
          )
        }
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
  known?: KnownValues | undefined;
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
            known={props.known?.[field.key]}
            onValueChange={props.onValueChange}
            onLeave={props.onLeave}
          />
        ))}
      </Row>
    </Form>
  );
});

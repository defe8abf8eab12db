import { DIAGNOSIS_TEXT_MAX, DIAGNOSIS_TEXT_MESSAGES } from '@eduqa/contract';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';

/** Spec 2 §5: required (此项必填), at most 500 characters (最多只能输入500个字符). */
export const DIAGNOSIS_TEXT_RULES: Rule[] = [
  { required: true, whitespace: true, message: DIAGNOSIS_TEXT_MESSAGES.required },
  { max: DIAGNOSIS_TEXT_MAX, message: DIAGNOSIS_TEXT_MESSAGES.tooLong },
];

/**
 * A cause or measure text area: the counter shows n/500 and turns red past the limit (the text is not
 * cut, so the 500-character message can tell the user); the placeholder states the limit.
 */
export function DiagnosisTextArea({
  id,
  value,
  onChange,
  disabled,
  rows = 4,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  rows?: number;
}) {
  return (
    <Input.TextArea
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      rows={rows}
      placeholder={DIAGNOSIS_TEXT_MESSAGES.placeholder}
      count={{ show: true, max: DIAGNOSIS_TEXT_MAX }}
    />
  );
}

/** One labelled cause/measure field for a Form. */
export function DiagnosisTextItem({
  name,
  label,
  disabled,
}: {
  name: string;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Form.Item name={name} label={label} rules={disabled ? [] : DIAGNOSIS_TEXT_RULES}>
      <DiagnosisTextArea disabled={disabled} />
    </Form.Item>
  );
}

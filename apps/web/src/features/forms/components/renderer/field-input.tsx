import type { FieldValue, FormField } from '@eduqa/contract';
import { DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { memo } from 'react';
import type { FieldOption } from './form-row.ts';

/** How date-like components store their value as text (the contract's format checks). */
const DATE_FORMATS = { date: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' } as const;
type DateComponent = keyof typeof DATE_FORMATS;
const isDateComponent = (c: FormField['component']): c is DateComponent => c in DATE_FORMATS;

export interface FieldInputProps {
  field: FormField;
  rowId: string;
  value: FieldValue | undefined;
  options: readonly FieldOption[];
  isDisabled: boolean;
  hasError: boolean;
  onValueChange: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
}

function asText(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

function asDay(value: FieldValue | undefined, format: string): Dayjs | null {
  const text = asText(value);
  if (!text) return null;
  const day = dayjs(text, format, true);
  return day.isValid() ? day : null;
}

/**
 * The input of one field. Memoised and given stable callbacks, so typing in one field of a 200-field
 * form re-renders that field alone; the value stays the contract's FieldValue text throughout.
 */
export const FieldInput = memo(function FieldInput({
  field,
  rowId,
  value,
  options,
  isDisabled,
  hasError,
  onValueChange,
  onLeave,
}: FieldInputProps) {
  const { key, component } = field;
  const status = hasError ? 'error' : undefined;
  const change = (next: FieldValue) => onValueChange(rowId, key, next);
  const leave = () => onLeave(rowId, key);
  const common = { id: `${rowId}-${key}`, disabled: isDisabled, status, onBlur: leave } as const;
  const choices = options.map((o) => ({ value: o.value, label: o.label }));

  if (isDateComponent(component)) {
    const format = DATE_FORMATS[component];
    return (
      <DatePicker
        {...common}
        picker={component === 'date' ? 'date' : component}
        format={format}
        value={asDay(value, format)}
        onChange={(day) => change(day ? day.format(format) : null)}
        style={{ width: '100%' }}
      />
    );
  }
  switch (component) {
    case 'editor':
      return (
        <Input.TextArea
          {...common}
          value={asText(value)}
          autoSize={{ minRows: 2, maxRows: 8 }}
          onChange={(e) => change(e.target.value)}
        />
      );
    case 'inputSelect':
      // Free text with the constants suggested by the browser's own list. Not antd's AutoComplete: its
      // module reads Select.Option when it loads, which broke the public page when the bundler placed
      // the two in chunks that import each other.
      return (
        <>
          <Input
            {...common}
            list={`${common.id}-options`}
            value={asText(value)}
            onChange={(e) => change(e.target.value)}
          />
          <datalist id={`${common.id}-options`}>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label === c.value ? null : c.label}
              </option>
            ))}
          </datalist>
        </>
      );
    case 'select':
      return (
        <Select
          {...common}
          allowClear
          value={asText(value) || undefined}
          options={choices}
          onChange={(next?: string) => change(next ?? null)}
          style={{ width: '100%' }}
        />
      );
    case 'multiSelect':
      return (
        <Select
          {...common}
          mode="multiple"
          allowClear
          value={Array.isArray(value) ? value : value ? [String(value)] : []}
          options={choices}
          onChange={(next: string[]) => change(next)}
          style={{ width: '100%' }}
        />
      );
    default:
      // Numbers stay text as typed (the contract checks them on leaving), so "1.50" is not rewritten.
      return (
        <Input
          {...common}
          value={asText(value)}
          inputMode={component === 'integer' ? 'numeric' : component === 'float' ? 'decimal' : undefined}
          type={component === 'email' ? 'email' : component === 'url' ? 'url' : 'text'}
          onChange={(e) => change(e.target.value)}
        />
      );
  }
});

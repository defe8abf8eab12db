import { Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { type CellKind, percentNumber } from '../values.ts';

/**
 * The value being typed, reset to the saved one when that changes. `commit` saves a changed value,
 * or shows why it is refused and goes back to the saved one.
 */
function useDraft(
  value: string | null,
  onSave: (value: string) => void,
  check?: (value: string) => string | null,
) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === (value ?? '').trim()) return;
    const problem = check?.(trimmed) ?? null;
    if (problem) {
      notify.error(problem);
      setDraft(value ?? '');
      return;
    }
    onSave(trimmed);
  };
  return { draft, setDraft, commit };
}

/**
 * The editor of one value by its cell kind (spec 2 §5): a select saves at once; numbers and text
 * save when the field is left or Enter is pressed, and only when the value changed.
 */
export function ValueInput({
  kind,
  value,
  onSave,
  disabled,
  ariaLabel,
  check,
  width = '100%',
}: {
  kind: CellKind;
  value: string | null;
  onSave: (value: string) => void;
  /** Why a value is refused (shown as an error; the cell goes back to the saved value), or null. */
  check?: (value: string) => string | null;
  disabled?: boolean;
  ariaLabel: string;
  width?: number | string;
}) {
  const { draft, setDraft, commit } = useDraft(value, onSave, check);

  switch (kind.kind) {
    case 'select':
      return (
        <Select
          aria-label={ariaLabel}
          size="small"
          style={{ width }}
          value={value ?? undefined}
          placeholder="请选择"
          allowClear
          disabled={disabled}
          options={kind.options}
          onChange={(next?: string) => commit(next ?? '')}
        />
      );
    case 'percent':
    case 'integer':
    case 'float': {
      const number = kind.kind === 'percent' ? percentNumber(draft) : draft === '' ? null : Number(draft);
      return (
        <InputNumber<number>
          aria-label={ariaLabel}
          size="small"
          style={{ width }}
          value={number !== null && Number.isFinite(number) ? number : null}
          min={kind.kind === 'percent' ? 0 : undefined}
          max={kind.kind === 'percent' ? 100 : undefined}
          suffix={kind.kind === 'percent' ? '%' : undefined}
          disabled={disabled}
          placeholder="请输入"
          onChange={(next) => setDraft(next === null ? '' : String(next))}
          onBlur={() => commit(draft)}
          onPressEnter={() => commit(draft)}
        />
      );
    }
    default:
      return (
        <Input
          aria-label={ariaLabel}
          size="small"
          style={{ width }}
          value={draft}
          maxLength={kind.maxLength}
          disabled={disabled}
          placeholder="请输入"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => commit(draft)}
          onPressEnter={() => commit(draft)}
        />
      );
  }
}

/** The same editors as a controlled form control (Form.Item gives value and onChange). */
export function ValueControl({
  id,
  kind,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  kind: CellKind;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}) {
  switch (kind.kind) {
    case 'select':
      return (
        <Select
          id={id}
          value={value || undefined}
          placeholder="请选择"
          allowClear
          disabled={disabled}
          options={kind.options}
          onChange={(next?: string) => onChange?.(next ?? '')}
        />
      );
    case 'percent':
    case 'integer':
    case 'float': {
      const number = kind.kind === 'percent' ? percentNumber(value) : value ? Number(value) : null;
      return (
        <InputNumber<number>
          id={id}
          style={{ width: '100%' }}
          value={number !== null && Number.isFinite(number) ? number : null}
          min={kind.kind === 'percent' ? 0 : undefined}
          max={kind.kind === 'percent' ? 100 : undefined}
          suffix={kind.kind === 'percent' ? '%' : undefined}
          disabled={disabled}
          placeholder="请输入"
          onChange={(next) => onChange?.(next === null ? '' : String(next))}
        />
      );
    }
    default:
      return (
        <Input
          id={id}
          value={value}
          maxLength={kind.maxLength}
          disabled={disabled}
          placeholder="请输入"
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
  }
}

import { Input, Select } from 'antd';

/** A value of the point: a select when the data type has a fixed set of values, else free text. */
export function ValueInput({
  choices,
  placeholder,
  suffix,
  value,
  onChange,
}: {
  choices: readonly string[] | null;
  placeholder: string;
  suffix?: string | undefined;
  value?: string;
  onChange?: (value: string) => void;
}) {
  if (choices) {
    return (
      <Select
        allowClear
        placeholder={placeholder}
        value={value || undefined}
        onChange={(v?: string) => onChange?.(v ?? '')}
        options={choices.map((c) => ({ value: c, label: c }))}
      />
    );
  }
  return (
    <Input
      placeholder={placeholder}
      maxLength={32}
      suffix={suffix}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

import { Select } from 'antd';
import { useTargetTypeOptions } from '../api.ts';

/** One target type, searched by name (every type is loaded: a school has a handful). */
export function TargetTypeSelect({
  id,
  value,
  onChange,
  placeholder = '请选择目标类型',
  width,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  width?: number;
}) {
  const types = useTargetTypeOptions();
  return (
    <Select
      id={id}
      aria-label={id ? undefined : '目标类型'}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next)}
      placeholder={placeholder}
      allowClear
      style={width ? { width } : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      loading={types.isLoading}
      notFoundContent="暂无数据"
      options={(types.data?.records ?? []).map((t) => ({ value: t.id, label: t.name }))}
    />
  );
}

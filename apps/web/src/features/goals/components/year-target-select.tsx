import { Select } from 'antd';
import { useYearTargets } from '../api.ts';

/** A year target, newest year first, for list filters. */
export function YearTargetSelect({
  id,
  value,
  onChange,
  width = 220,
}: {
  id?: string | undefined;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  width?: number | string;
}) {
  const targets = useYearTargets();
  return (
    <Select
      id={id}
      aria-label={id ? undefined : '年度目标'}
      placeholder="年度目标"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width }}
      loading={targets.isLoading}
      value={value}
      onChange={(next?: string) => onChange(next)}
      notFoundContent="暂无数据"
      options={(targets.data?.records ?? []).map((t) => ({ value: t.id, label: `${t.cycleYear} ${t.name}` }))}
    />
  );
}

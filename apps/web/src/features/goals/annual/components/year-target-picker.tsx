import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useYearTargetOptions } from '../api.ts';

/** The year target a list shows: the newest one until the user picks another. */
export function useShownYearTarget() {
  const targets = useYearTargetOptions();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  useEffect(() => {
    if (!yearTargetId && targets.data?.[0]) setYearTargetId(targets.data[0].id);
  }, [targets.data, yearTargetId]);
  const yearTarget = targets.data?.find((t) => t.id === yearTargetId) ?? null;
  return { targets, yearTargetId, setYearTargetId, yearTarget };
}

/** The year target a list shows; `allowClear` lets a list show every year. */
export function YearTargetPicker({
  value,
  onChange,
  allowClear = false,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  allowClear?: boolean;
}) {
  const targets = useYearTargetOptions();
  return (
    <Select
      aria-label="年度目标"
      placeholder="请选择年度目标"
      style={{ width: 260 }}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      loading={targets.isLoading}
      value={value}
      onChange={(next?: string) => onChange(next)}
      notFoundContent="暂无数据"
      options={(targets.data ?? []).map((t) => ({ value: t.id, label: `${t.cycleYear} ${t.name}` }))}
    />
  );
}

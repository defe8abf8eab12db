import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { findAlgorithmGroups } from '../api.ts';

const SEARCH_DELAY_MS = 300;

/**
 * An algorithm group picked by name (the server matches up to 50 by substring); the chosen group's
 * name is shown even before a search has listed it.
 */
export function AlgorithmGroupSelect({
  value,
  onChange,
  initialName,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  /** The saved group's name, for the label until the list holds it. */
  initialName?: string | null;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const groups = useQuery({
    queryKey: ['computed', 'algorithm-groups', name],
    queryFn: () => findAlgorithmGroups(name),
  });
  const options = (groups.data ?? []).map((g) => ({
    value: g.id,
    label: g.currentResultVersion ? g.name : `${g.name}（无当前结果版本）`,
  }));
  if (value && initialName && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: initialName });
  }
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      placeholder="输入名称搜索算法组"
      loading={groups.isFetching}
      options={options}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      notFoundContent={groups.isFetching ? '加载中…' : '没有匹配的算法组'}
    />
  );
}

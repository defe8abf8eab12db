import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { usePeople } from '../../system/api.ts';

/** Spec 1 §9: searches wait 300 ms after the last keystroke. */
const DEBOUNCE_MS = 300;

/** Picks several enabled users (the sharers), searching the server as the user types. */
export function PeopleSelect({
  id,
  value,
  onChange,
  current,
}: {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  current: Array<{ value: string; label: string }>;
}) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const people = usePeople(keyword);
  const options = (people.data ?? []).map((p) => ({
    value: p.userId,
    label: `${p.userName}（${p.account}）`,
  }));
  for (const person of current) if (!options.some((o) => o.value === person.value)) options.unshift(person);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next)}
      placeholder="请输入姓名或账号搜索"
      allowClear
      showSearch={{ filterOption: false, onSearch: setInput }}
      loading={people.isFetching}
      notFoundContent={people.isFetching ? '搜索中…' : '暂无数据'}
      options={options}
    />
  );
}

import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { usePeople } from '../api.ts';

/** Spec 1 §9: searches wait 300 ms after the last keystroke. */
const DEBOUNCE_MS = 300;

interface PersonSelectProps {
  /** Given by Form.Item, so that the label points at the input. */
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** The person already chosen, shown by name before any search has loaded them. */
  current?: { value: string; label: string } | null;
  placeholder?: string;
}

/** Picks one enabled user by name or account, searching the server as the user types. */
export function PersonSelect({
  id,
  value,
  onChange,
  current,
  placeholder = '请输入姓名或账号搜索',
}: PersonSelectProps) {
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
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next)}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: false, onSearch: setInput }}
      loading={people.isFetching}
      notFoundContent={people.isFetching ? '搜索中…' : '暂无数据'}
      options={options}
    />
  );
}

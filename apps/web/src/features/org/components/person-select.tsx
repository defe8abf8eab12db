import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { usePeople } from '../api.ts';

/** Spec 1 §9: searches wait 300 ms after the last keystroke. */
const DEBOUNCE_MS = 300;

interface PersonOption {
  value: string;
  label: string;
}

/**
 * The search part of a person picker, to spread into a `Select`: enabled users matching what is typed,
 * asked of the server once typing pauses, with the people already chosen kept among the options so
 * they show by name before any search has loaded them.
 */
export function usePersonSearch(current: readonly PersonOption[]) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const people = usePeople(keyword);
  const options: PersonOption[] = (people.data ?? []).map((p) => ({
    value: p.userId,
    label: `${p.userName}（${p.account}）`,
  }));
  for (const person of current) if (!options.some((o) => o.value === person.value)) options.unshift(person);
  return {
    showSearch: { filterOption: false, onSearch: setInput },
    loading: people.isFetching,
    notFoundContent: people.isFetching ? '搜索中…' : '暂无数据',
    options,
  };
}

interface PersonSelectProps {
  /** Given by Form.Item, so that the label points at the input. */
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** The person already chosen, shown by name before any search has loaded them. */
  current?: PersonOption | null;
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
  const search = usePersonSearch(current ? [current] : []);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next)}
      placeholder={placeholder}
      allowClear
      {...search}
    />
  );
}

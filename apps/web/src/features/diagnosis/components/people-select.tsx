import { Select } from 'antd';
import { usePersonSearch } from '../../org/index.ts';

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
  const search = usePersonSearch(current);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next)}
      placeholder="请输入姓名或账号搜索"
      allowClear
      {...search}
    />
  );
}

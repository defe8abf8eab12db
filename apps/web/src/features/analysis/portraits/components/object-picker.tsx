import type { PortraitObject, PortraitSubject } from '@eduqa/contract';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { usePortraitObjects } from '../api.ts';

const SEARCH_DELAY_MS = 300;

/**
 * The object of a portrait, searched by name or code on the server (only objects the caller may see);
 * picks the first one when nothing is chosen yet.
 */
export function ObjectPicker({
  subject,
  value,
  onChange,
}: {
  subject: PortraitSubject;
  value: PortraitObject | null;
  onChange: (object: PortraitObject) => void;
}) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const objects = usePortraitObjects(subject, keyword);
  const records = objects.data?.records ?? [];
  const first = records[0];
  useEffect(() => {
    if (!value && first && !keyword) onChange(first);
  }, [value, first, keyword, onChange]);
  const options = records.map((o) => ({
    value: o.id,
    label: o.departmentName ? `${o.name}（${o.departmentName}）` : o.name,
  }));
  if (value && !options.some((o) => o.value === value.id))
    options.unshift({ value: value.id, label: value.name });
  return (
    <Select
      aria-label="画像对象"
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder="输入名称或编号搜索"
      style={{ width: 320 }}
      loading={objects.isFetching}
      options={options}
      value={value?.id}
      onChange={(id) => {
        const picked = records.find((o) => o.id === id);
        if (picked) onChange(picked);
      }}
      notFoundContent={objects.isFetching ? '加载中…' : '没有可查看的对象'}
    />
  );
}

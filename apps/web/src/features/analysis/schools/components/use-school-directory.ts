import type { SchoolLevel, SchoolNature } from '@eduqa/contract';
import { useState } from 'react';
import { PAGE_SIZE } from '../../../../shared/ui/paging.tsx';
import { useSchoolPage } from '../api.ts';

/** 高校名录's search and filters and the page of the directory they ask for; a new filter starts at page 1. */
export function useSchoolDirectory() {
  const [keyword, setKeyword] = useState('');
  const [provinces, setProvinces] = useState<string[]>([]);
  const [levels, setLevels] = useState<SchoolLevel[]>([]);
  const [natures, setNatures] = useState<SchoolNature[]>([]);
  const [pageNum, setPageNum] = useState(1);
  const page = useSchoolPage({ keyword, provinces, levels, natures, pageNum, pageSize: PAGE_SIZE });

  const filtered =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNum(1);
    };

  return {
    provinces,
    levels,
    natures,
    onKeyword: filtered(setKeyword),
    onProvinces: filtered(setProvinces),
    onLevels: filtered(setLevels),
    onNatures: filtered(setNatures),
    pageNum,
    setPageNum,
    page,
  };
}

export type SchoolDirectory = ReturnType<typeof useSchoolDirectory>;

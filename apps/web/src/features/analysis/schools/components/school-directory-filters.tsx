import { SCHOOL_LEVELS, SCHOOL_NATURES, type SchoolLevel, type SchoolNature } from '@eduqa/contract';
import { Select } from 'antd';
import type { SchoolDirectory } from './use-school-directory.ts';

/**
 * The directory's filters: province (with its count of schools), level and nature, each any of several.
 * A fragment, not a component: the table's filter bar spaces each of its children.
 */
export function schoolDirectoryFilters(
  directory: SchoolDirectory,
  provinceCounts: readonly { value: string; count: number }[],
) {
  return (
    <>
      <Select<string[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        style={{ width: 220 }}
        placeholder="所在地（全部）"
        aria-label="所在地"
        value={directory.provinces}
        onChange={directory.onProvinces}
        options={provinceCounts.map((p) => ({
          value: p.value,
          label: `${p.value}（${p.count}）`,
        }))}
      />
      <Select<SchoolLevel[]>
        mode="multiple"
        allowClear
        style={{ width: 180 }}
        placeholder="办学层次（全部）"
        aria-label="办学层次"
        value={directory.levels}
        onChange={directory.onLevels}
        options={SCHOOL_LEVELS.map((l) => ({ value: l, label: l }))}
      />
      <Select<SchoolNature[]>
        mode="multiple"
        allowClear
        style={{ width: 200 }}
        placeholder="办学性质（全部）"
        aria-label="办学性质"
        value={directory.natures}
        onChange={directory.onNatures}
        options={SCHOOL_NATURES.map((n) => ({ value: n, label: n }))}
      />
    </>
  );
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  natureOfNote,
  parseRenameTable,
  REFERENCE_DATA_DIR,
  REFERENCE_FILES,
  readReferenceData,
  resolveDoubleHighNames,
} from './reference-data.ts';

/** The project's shared data, beside the checkout; absent on a fresh clone (CI), where the copy stands alone. */
const SHARED_DATA = path.resolve(REFERENCE_DATA_DIR, '../../../../shared/data');

const data = await readReferenceData();
const codeByName = new Map(data.schools.map((s) => [s.name, s.code]));
const countBy = (key: (s: (typeof data.schools)[number]) => string) => {
  const counts: Record<string, number> = {};
  for (const school of data.schools) counts[key(school)] = (counts[key(school)] ?? 0) + 1;
  return counts;
};

describe('bundled reference data', () => {
  it.skipIf(!fs.existsSync(SHARED_DATA))('is a byte-for-byte copy of the shared data', () => {
    for (const file of Object.values(REFERENCE_FILES)) {
      const copy = fs.readFileSync(path.join(REFERENCE_DATA_DIR, file));
      const original = fs.readFileSync(path.join(SHARED_DATA, file));
      expect(copy.equals(original), file).toBe(true);
    }
  });

  it('holds the national list with the README counts: 本科 1,365, 专科 1,554, 成人 248, 民办 831', () => {
    expect(data.schools).toHaveLength(3167);
    expect(new Set(data.schools.map((s) => s.code)).size).toBe(3167);
    expect(countBy((s) => s.level)).toEqual({ 本科: 1365, 专科: 1554, 成人: 248 });
    expect(countBy((s) => s.nature)).toEqual({ 公办: 2320, 民办: 831, 中外合作: 16 });
  });

  it('derives the nature from the note', () => {
    expect(natureOfNote('')).toBe('公办');
    expect(natureOfNote('民办')).toBe('民办');
    expect(natureOfNote('中外合作办学及内地与港澳合作办学')).toBe('中外合作');
    expect(natureOfNote('境外高等教育机构在海南自由贸易港设立的实施理工农医类学科专业教育的学校')).toBe(
      '中外合作',
    );
  });

  it('reads the README rename table, dropping the remark after a name', () => {
    expect(data.renames).toHaveLength(33);
    expect(data.renames).toContainEqual({ noticeName: '九江职业技术学院', currentName: '江西职业技术大学' });
    expect(data.renames).toContainEqual({
      noticeName: '杨凌职业技术学院',
      currentName: '陕西农林职业技术大学',
    });
    expect(parseRenameTable('| 2019 name | likely current name |\n|---|---|\n| x | y （备注） |\n')).toEqual([
      { noticeName: 'x', currentName: 'y' },
    ]);
  });

  it('resolves all 197 双高 schools, 九江职业技术学院 to 江西职业技术大学 and not 九江职业大学', () => {
    expect(data.doubleHigh).toHaveLength(253);
    const names = new Set(data.doubleHigh.map((r) => r.school));
    expect(names.size).toBe(197);
    const resolved = resolveDoubleHighNames(names, codeByName, data.renames);
    expect([...resolved].filter(([, code]) => code === null)).toEqual([]);
    expect(new Set(resolved.values()).size).toBe(197);
    expect(resolved.get('九江职业技术学院')).toBe(codeByName.get('江西职业技术大学'));
    expect(resolved.get('九江职业技术学院')).not.toBe(codeByName.get('九江职业大学'));
  });

  it('accepts a rename only when the current name is on the list exactly', () => {
    const resolved = resolveDoubleHighNames(['旧名学院', '另一学院'], new Map([['新名大学', 'c1']]), [
      { noticeName: '旧名学院', currentName: '新名大学' },
      { noticeName: '另一学院', currentName: '不在名单大学' },
    ]);
    expect([...resolved]).toEqual([
      ['旧名学院', 'c1'],
      ['另一学院', null],
    ]);
  });
});

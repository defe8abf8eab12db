import fs from 'node:fs/promises';
import path from 'node:path';
import { SCHOOL_LEVELS, type SchoolLevel, type SchoolNature } from '@eduqa/contract';
import { SERVER_DIR } from '../../server-dir.ts';

/**
 * The public reference data of 智能分析, bundled byte for byte from the project's shared data
 * (`../shared/data`, absent on a fresh clone): the Ministry of Education's national list of
 * higher-education institutions (2025-06-20), the first round of the 双高计划 (2019) and the README that
 * describes both and maps the renamed 双高 schools. Nothing of it is retyped in code.
 */
export const REFERENCE_DATA_DIR = path.join(SERVER_DIR, 'reference-data');
export const REFERENCE_FILES = {
  schools: 'higher-education-institutions-2025.tsv',
  doubleHigh: 'double-high-plan-2019.tsv',
  readme: 'README.md',
} as const;

/** The 双高 round the bundled list belongs to (教职成函〔2019〕14号). */
export const DOUBLE_HIGH_ROUND = 2019;

/** One row of the national list. */
export interface ReferenceSchool {
  code: string;
  name: string;
  province: string;
  city: string;
  level: SchoolLevel;
  authority: string;
  note: string;
  nature: SchoolNature;
}

/** One row of the 双高 list: a 学校 appears twice (one per 专业群), a 专业群 school once. */
export interface DoubleHighRow {
  category: '学校' | '专业群';
  grade: 'A' | 'B' | 'C';
  school: string;
  majorGroup: string;
}

/** A row of the README's rename table: the 2019 name and the likely current one, its remark stripped. */
export interface Rename {
  noticeName: string;
  currentName: string;
}

/**
 * 办学性质 from the list's note: 民办; 中外合作办学及内地与港澳合作办学, or the Hainan Free Trade Port wording
 * for schools set up there by overseas universities (both 中外合作); no note is 公办. An imported list may
 * word a note differently, so the test is by what it contains.
 */
export function natureOfNote(note: string): SchoolNature {
  const text = note.trim();
  if (text.includes('民办')) return '民办';
  if (text.includes('中外合作') || text.includes('港澳合作') || text.includes('海南自由贸易港'))
    return '中外合作';
  return '公办';
}

/** Tab-separated lines after the header, each checked to have the header's column count. */
function tsvRows(text: string, file: string, header: string): string[][] {
  const lines = text.split('\n');
  if (lines[0]?.replace(/\r$/, '') !== header) throw new Error(`${file}: unexpected header ${lines[0]}`);
  const width = header.split('\t').length;
  return lines
    .slice(1)
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '')
    .map((line, i) => {
      const cells = line.split('\t');
      if (cells.length !== width) throw new Error(`${file}: line ${i + 2} has ${cells.length} columns`);
      return cells;
    });
}

export function parseSchoolList(text: string): ReferenceSchool[] {
  return tsvRows(text, REFERENCE_FILES.schools, 'code\tname\tprovince\tcity\tlevel\tauthority\tnote').map(
    ([code, name, province, city, level, authority, note]) => {
      if (!(SCHOOL_LEVELS as readonly string[]).includes(level!))
        throw new Error(`${REFERENCE_FILES.schools}: unknown level ${level} of ${code}`);
      return {
        code: code!,
        name: name!,
        province: province!,
        city: city!,
        level: level as SchoolLevel,
        authority: authority!,
        note: note!,
        nature: natureOfNote(note!),
      };
    },
  );
}

export function parseDoubleHighList(text: string): DoubleHighRow[] {
  return tsvRows(text, REFERENCE_FILES.doubleHigh, 'category\tgrade\tschool\tmajor_group').map(
    ([category, grade, school, majorGroup]) => {
      if (category !== '学校' && category !== '专业群')
        throw new Error(`${REFERENCE_FILES.doubleHigh}: unknown category ${category}`);
      if (grade !== 'A' && grade !== 'B' && grade !== 'C')
        throw new Error(`${REFERENCE_FILES.doubleHigh}: unknown grade ${grade}`);
      return { category, grade, school: school!, majorGroup: majorGroup! };
    },
  );
}

/**
 * The README's markdown table "2019 name → likely current name in the 2025 list" (the only table whose
 * header names those columns). A remark in brackets after the name ("(not 九江职业大学, a different school)")
 * is not part of it.
 */
export function parseRenameTable(readme: string): Rename[] {
  const lines = readme.split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => line.startsWith('|') && line.includes('likely current name'));
  if (start < 0) throw new Error(`${REFERENCE_FILES.readme}: the rename table is missing`);
  const header = cellsOf(lines[start]!);
  const from = header.findIndex((cell) => cell.includes('2019 name'));
  const to = header.findIndex((cell) => cell.includes('likely current name'));
  const renames: Rename[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) break;
    const cells = cellsOf(line);
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    const noticeName = cells[from] ?? '';
    const currentName = (cells[to] ?? '').replace(/\s*[（(][^)）]*[)）]\s*$/, '').trim();
    if (noticeName && currentName) renames.push({ noticeName, currentName });
  }
  return renames;
}

const cellsOf = (line: string) =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * The directory code of each 双高 school name: the name itself when the list has it exactly, else the
 * README's likely current name, accepted only when the list has that name exactly (name similarity is
 * not trusted: 九江职业技术学院 became 江西职业技术大学, not 九江职业大学). Unresolved names map to null.
 */
export function resolveDoubleHighNames(
  names: Iterable<string>,
  codeByName: ReadonlyMap<string, string>,
  renames: readonly Rename[],
): Map<string, string | null> {
  const renamed = new Map(renames.map((r) => [r.noticeName, r.currentName]));
  const resolved = new Map<string, string | null>();
  for (const name of names) {
    const exact = codeByName.get(name);
    if (exact !== undefined) {
      resolved.set(name, exact);
      continue;
    }
    const current = renamed.get(name);
    resolved.set(name, (current !== undefined && codeByName.get(current)) || null);
  }
  return resolved;
}

/** The bundled files, read and parsed. */
export async function readReferenceData(dir = REFERENCE_DATA_DIR) {
  const read = (file: string) => fs.readFile(path.join(dir, file), 'utf8');
  const [schools, doubleHigh, readme] = await Promise.all([
    read(REFERENCE_FILES.schools),
    read(REFERENCE_FILES.doubleHigh),
    read(REFERENCE_FILES.readme),
  ]);
  return {
    schools: parseSchoolList(schools),
    doubleHigh: parseDoubleHighList(doubleHigh),
    renames: parseRenameTable(readme),
  };
}

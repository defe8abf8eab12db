import { describe, expect, it } from 'vitest';
import { taskPageTypeFor } from '../task-source.ts';
import { completeSections, defaultSections, moveSection } from './section-editor.tsx';

const keys = (list: Array<{ key: string }>) => list.map((s) => s.key);

describe('the template sections', () => {
  it('moves a section up and down, and not past either end', () => {
    const all = defaultSections();
    expect(keys(moveSection(all, 1, -1))).toEqual([
      'completion',
      'points',
      'warnings',
      'improvement',
      'explain',
    ]);
    expect(keys(moveSection(all, 1, 1))).toEqual([
      'points',
      'warnings',
      'completion',
      'improvement',
      'explain',
    ]);
    expect(keys(moveSection(all, 0, -1))).toEqual(keys(all));
    expect(keys(moveSection(all, 4, 1))).toEqual(keys(all));
  });

  it("keeps a template's order and adds the sections it lacks, unchecked", () => {
    const sections = completeSections([
      { key: 'warnings', title: '预警', enabled: true, narrative: '本期预警较多' },
      { key: 'points', title: '达标', enabled: false, narrative: '' },
    ]);
    expect(keys(sections)).toEqual(['warnings', 'points', 'completion', 'improvement', 'explain']);
    expect(sections.slice(2).every((s) => !s.enabled)).toBe(true);
    expect(sections[0]).toEqual({ key: 'warnings', title: '预警', enabled: true, narrative: '本期预警较多' });
  });
});

describe('the tasks a report may be generated for', () => {
  it('searches every task for publishers and auditors, else the head’s or the charger’s', () => {
    expect(taskPageTypeFor({ actions: ['diagnosis.audit'], headsDepartment: true })).toBe('yearTask');
    expect(taskPageTypeFor({ actions: [], headsDepartment: true })).toBe('departmentTask');
    expect(taskPageTypeFor({ actions: ['report.review'], headsDepartment: false })).toBe('myTask');
  });
});

import { describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_TIME_ZONE, setSchoolClockZone } from '../platform/time-zone.ts';
import { CreateCollectTaskBodySchema, SaveRecordsBodySchema, schoolTime } from './collect.schema.ts';

describe('schoolTime', () => {
  const start = schoolTime('开始时间');
  const deadline = schoolTime('截止时间', { endOfDay: true });

  it('reads a time without an offset on the school clock (UTC+8)', () => {
    expect(start.parse('2026-09-01 08:30:00').toISOString()).toBe('2026-09-01T00:30:00.000Z');
    expect(start.parse('2026-09-01 08:30').toISOString()).toBe('2026-09-01T00:30:00.000Z');
    expect(start.parse('2026-09-01').toISOString()).toBe('2026-08-31T16:00:00.000Z');
  });

  it("reads it on the school's zone as the process knows it (the system setting)", () => {
    onTestFinished(() => setSchoolClockZone(DEFAULT_TIME_ZONE));
    setSchoolClockZone('Asia/Tokyo');
    expect(start.parse('2026-09-01 08:30:00').toISOString()).toBe('2026-08-31T23:30:00.000Z');
    expect(deadline.parse('2026-12-31').toISOString()).toBe('2026-12-31T14:59:59.000Z');
    setSchoolClockZone('UTC');
    expect(start.parse('2026-09-01 08:30').toISOString()).toBe('2026-09-01T08:30:00.000Z');
  });

  it('takes ISO 8601 with its own offset, milliseconds included', () => {
    expect(start.parse('2026-09-01T00:30:00.250Z').toISOString()).toBe('2026-09-01T00:30:00.250Z');
    expect(start.parse('2026-09-01T08:30:00+08:00').toISOString()).toBe('2026-09-01T00:30:00.000Z');
  });

  it('reads a bare deadline date as the end of that day', () => {
    expect(deadline.parse('2026-12-31').toISOString()).toBe('2026-12-31T15:59:59.000Z');
  });

  it('refuses text that is no time, in Chinese', () => {
    for (const bad of ['soon', '2026-13-01 00:00', '2026-02-30', '2026/09/01', '']) {
      const result = start.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/开始时间/);
    }
  });
});

describe('collection bodies', () => {
  it('needs at least one form and one department for a task', () => {
    const body = {
      name: '任务',
      formIds: [],
      startAt: '2026-09-01',
      deadline: '2026-09-30',
      departmentIds: [],
    };
    const result = CreateCollectTaskBodySchema.safeParse(body);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['请选择采集表单', '请选择下发部门']);
  });

  it('accepts draft values of every kind and refuses keys that are no field key', () => {
    const ok = SaveRecordsBodySchema.safeParse({
      fillTaskId: 'f1',
      records: [{ data: { name: '张三', papers: 3, tags: ['a', 'b'], note: null } }],
    });
    expect(ok.success).toBe(true);
    const bad = SaveRecordsBodySchema.safeParse({
      fillTaskId: 'f1',
      records: [{ data: { 'Bad Key': 'x' } }],
    });
    expect(bad.success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CalScoreBodySchema,
  fromScoreJobWire,
  fromScoreWire,
  type ObjectTaskScoreView,
  type ScoreJob,
  ScoreJobWireSchema,
  ScoreWireSchema,
  toScoreJobWire,
  toScoreWire,
} from './score.wire.ts';

describe('score wire', () => {
  it('round-trips a score job with the spec-style names', () => {
    const job: ScoreJob = {
      jobId: 'j1',
      state: 'finished',
      progress: 100,
      message: '已计算2个对象任务，1个有得分',
      scores: [
        {
          objectTaskId: 'ot1',
          objectName: '张老师',
          score: 67.5,
          gradedPoints: 3,
          computedAt: '2026-03-01 10:00:00',
        },
        { objectTaskId: 'ot2', objectName: '李老师', score: null, gradedPoints: 0, computedAt: null },
      ],
    };
    const wire = toScoreJobWire(job);
    expect(ScoreJobWireSchema.parse(wire)).toEqual(wire);
    expect(wire.taskId).toBe('j1');
    expect(wire.scores?.[0]).toEqual({
      dxrwid: 'ot1',
      gzdxmc: '张老师',
      df: 67.5,
      jszkdsl: 3,
      jssj: '2026-03-01 10:00:00',
    });
    expect(fromScoreJobWire(wire)).toEqual(job);
    expect(fromScoreJobWire(toScoreJobWire({ ...job, state: 'running', scores: null })).scores).toBeNull();
  });

  it('round-trips the score of one object task, scored and not yet scored', () => {
    const scored: ObjectTaskScoreView = {
      objectTaskId: 'ot7',
      objectName: '计算机应用技术专业',
      score: 82.35,
      gradedPoints: 12,
      computedAt: '2026-04-18 16:30:05',
    };
    const wire = toScoreWire(scored);
    expect(wire).toEqual({
      dxrwid: 'ot7',
      gzdxmc: '计算机应用技术专业',
      df: 82.35,
      jszkdsl: 12,
      jssj: '2026-04-18 16:30:05',
    });
    expect(ScoreWireSchema.parse(wire)).toEqual(wire);
    expect(fromScoreWire(wire)).toEqual(scored);

    const unscored: ObjectTaskScoreView = { ...scored, score: null, gradedPoints: 0, computedAt: null };
    const unscoredWire = toScoreWire(unscored);
    expect(unscoredWire).toMatchObject({ dxrwid: 'ot7', df: null, jszkdsl: 0, jssj: null });
    expect(ScoreWireSchema.parse(unscoredWire)).toEqual(unscoredWire);
    expect(fromScoreWire(unscoredWire)).toEqual(unscored);
  });

  it('asks for a task or an object task in Chinese when an id is empty', () => {
    expect(CalScoreBodySchema.safeParse({ rwid: '' }).error?.issues[0]?.message).toBe('请选择诊断任务');
    expect(CalScoreBodySchema.safeParse({ dxrwid: ' ' }).error?.issues[0]?.message).toBe('请选择对象任务');
    expect(CalScoreBodySchema.parse({ dxrwid: 'ot1' })).toEqual({ dxrwid: 'ot1' });
  });
});

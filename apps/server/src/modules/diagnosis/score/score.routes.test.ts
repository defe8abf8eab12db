import { scoreEndpoints as E, isJobActive, ROLE_IDS, type ScoreJobWire } from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Session, signIn, type TestApp } from '../../../../test/app.ts';
import { objectTaskScores } from '../../reports/reports.table.ts';
import { indicators } from '../../standards/standards.table.ts';
import {
  API,
  addOtherObject,
  failed,
  forbidden,
  notFound,
  ok,
  startTaskWorld,
  type TaskSetup,
  type World,
} from '../diagnosis.fixtures.ts';
import { scoresOf } from './score.repo.ts';

let t: TestApp;
let w: World;
let s: TaskSetup;
beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
  // 教学能力 weighs 3, 科研能力 has no weight (counts as 1).
  await t.db.update(indicators).set({ weight: 3 }).where(eq(indicators.id, w.indicatorIds.childA));
  // 课程合格率 95 → A (100), 学生投诉次数 4 → B (80), 是否双师型 否 where 是 is expected → 0; 科研得分 none.
  for (const [id, jgz] of [
    [s.pointIds.rate, '95'],
    [s.pointIds.complaints, '4'],
    [s.pointIds.certified, '否'],
  ] as const) {
    ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: id, jgz }));
  }
});
afterAll(() => t.close());

/** The job's answer once it has ended. */
async function ended(session: Session, job: ScoreJobWire): Promise<ScoreJobWire> {
  let answer = job;
  for (let i = 0; i < 100 && isJobActive(answer.state); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await session.call(E.calScoreResult, { query: { taskId: job.taskId } });
  }
  return answer;
}

async function compute(session: Session, body: { rwid?: string; dxrwid?: string }) {
  return ended(session, await session.call(E.calScore, { body }));
}

// 教学能力 = (100 + 80) / 2 = 90, weight 3; 科研能力 = 0 (科研得分 has no grade), weight 1;
// 师资队伍 = (3 × 90 + 1 × 0) / 4 = 67.5, the only level-1 indicator: the object task's score.
const EXPECTED = 67.5;

describe('obj/calScore', () => {
  it('refuses a charger, hides the task from a stranger, and answers bad input in Chinese', async () => {
    const charger = await w.charger.send(E.calScore, { body: { dxrwid: s.objectTaskId } });
    forbidden(charger);
    expect(charger.json().meta.message).toBe('只有任务发布者可以计算得分');
    forbidden(await w.charger.send(E.calScore, { body: { rwid: s.taskId } }));
    forbidden(await w.auditor.send(E.calScore, { body: { rwid: s.taskId } }));
    notFound(await w.stranger.send(E.calScore, { body: { dxrwid: s.objectTaskId } }));
    notFound(await w.stranger.send(E.calScore, { body: { rwid: s.taskId } }));
    notFound(await w.publisher.send(E.calScore, { body: { rwid: 'no-such-task' } }));
    notFound(await w.publisher.send(E.calScore, { body: { rwid: 'other', dxrwid: s.objectTaskId } }));
    failed(await w.publisher.send(E.calScore, { body: {} }), 400, '请选择诊断任务或对象任务');
    failed(await w.publisher.send(E.calScore, { body: { rwid: '' } }), 400, '请选择诊断任务');
    failed(await w.publisher.send(E.calScoreResult, { query: { taskId: '' } }), 400, '请选择任务');
    notFound(await w.publisher.send(E.calScoreResult, { query: { taskId: 'no-such-job' } }));
    notFound(await w.stranger.send(E.score, { query: { dxrwid: s.objectTaskId } }));
    expect(await t.db.select().from(objectTaskScores)).toEqual([]);
  });

  it('writes the hand-computed score of an object task, which its readers see', async () => {
    const before = await w.charger.call(E.score, { query: { dxrwid: s.objectTaskId } });
    expect(before).toEqual({ dxrwid: s.objectTaskId, gzdxmc: '张老师', df: null, jszkdsl: 0, jssj: null });

    const job = await compute(w.publisher, { dxrwid: s.objectTaskId });
    expect(job).toMatchObject({ state: 'finished', progress: 100 });
    expect(job.scores).toEqual([
      { dxrwid: s.objectTaskId, gzdxmc: '张老师', df: EXPECTED, jszkdsl: 3, jssj: expect.any(String) },
    ]);
    // Whoever reads the object task reads the job's result; a stranger does not learn it exists.
    expect((await w.charger.call(E.calScoreResult, { query: { taskId: job.taskId } })).scores).toEqual(
      job.scores,
    );
    expect((await w.sharer.call(E.calScoreResult, { query: { taskId: job.taskId } })).scores?.[0]?.df).toBe(
      EXPECTED,
    );
    notFound(await w.stranger.send(E.calScoreResult, { query: { taskId: job.taskId } }));
    expect((await w.charger.call(E.score, { query: { dxrwid: s.objectTaskId } })).df).toBe(EXPECTED);

    const stored = await scoresOf(t.db, [s.objectTaskId, 'no-such-object-task']);
    expect([...stored.keys()]).toEqual([s.objectTaskId]);
    expect(stored.get(s.objectTaskId)).toMatchObject({ score: EXPECTED, gradedPoints: 3 });
    expect(stored.get(s.objectTaskId)?.computedAt).toBeInstanceOf(Date);
  });

  it('by task: scores every object task; one without a graded point has none and loses an old one', async () => {
    const otherId = await addOtherObject(w, s);
    // A score left from earlier, when the object task still had graded points.
    await t.db.insert(objectTaskScores).values({ objectTaskId: otherId, score: 12, gradedPoints: 1 });

    const job = await compute(w.publisher, { rwid: s.taskId });
    expect(job.state).toBe('finished');
    expect(job.scores?.map((x) => [x.dxrwid, x.df, x.jszkdsl]).sort()).toEqual(
      [
        [s.objectTaskId, EXPECTED, 3],
        [otherId, null, 0],
      ].sort(),
    );
    expect(
      await t.db.select().from(objectTaskScores).where(eq(objectTaskScores.objectTaskId, otherId)),
    ).toEqual([]);
    // The charger of 张老师 only reads 张老师's score in the task's job.
    const charger = await w.charger.call(E.calScoreResult, { query: { taskId: job.taskId } });
    expect(charger.scores?.map((x) => x.dxrwid)).toEqual([s.objectTaskId]);
  });

  it('follows the grades: without weights and after a result changes, the next run tells the new score', async () => {
    await t.db.update(indicators).set({ weight: null }).where(eq(indicators.id, w.indicatorIds.childA));
    ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: s.pointIds.certified, jgz: '是' }));
    // 教学能力 90, 科研能力 100 (是 as expected), equal weights: 95.
    const other = await createUser(t, { roles: [ROLE_IDS.diagnosisPublisher] });
    const manager = await signIn(t, other.account, other.password);
    const job = await compute(manager, { dxrwid: s.objectTaskId });
    expect(job.scores?.[0]).toMatchObject({ df: 95, jszkdsl: 3 });
    expect((await scoresOf(t.db, [s.objectTaskId])).get(s.objectTaskId)?.score).toBe(95);
  });
});

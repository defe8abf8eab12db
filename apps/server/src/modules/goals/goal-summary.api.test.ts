import type {
  AnalysisGrid,
  DepartmentAnalysis,
  DepartmentFinishRate,
  FinishRateRank,
  GatherAnalysis,
  NodeState,
  TaskStatusAnalysis,
  TypeAnalysis,
  WarningCountMap,
  YearTargetWire,
  YearTaskState,
} from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { API, createYearTarget, day, failed, type GoalWorld, ok, startGoalWorld } from './goals.fixtures.ts';
import { goalNodes, goalTaskCollaborators, goalTasks, goalWarningConditions } from './goals.table.ts';

const SUMMARY = `${API}/targetTaskSummaryAnalysis`;
const ANNUAL = `${API}/analysis`;

let w: GoalWorld;
let thisYear: string;
let lastYear: string;
/** The collaborating department's head leads its tasks; the plain principal leads d1, d2 and o1. */
const ids: Record<string, string> = {};

interface TaskSpec {
  key: string;
  yearTargetId?: string;
  type: 'A' | 'B' | 'C';
  department: 'D' | 'C' | 'O';
  principal: Session;
  state: YearTaskState;
  end: number | string;
  nodes?: Array<{ state: NodeState; end: number }>;
  withdrawn?: boolean;
  collaborators?: Array<'C'>;
}

/**
 * Hand-built tasks in known states (written straight to the tables, as the flow tests already cover how
 * tasks get there). Today is T; the default process-warning window is 15 days, type C's is set to 200.
 *
 * | task | type | dept | state       | end    | nodes (end)                       | schedule | warning       | progress |
 * | d1   | A    | D    | done        | T+10   | hasDone, hasDone                  | finish   | –             | 100      |
 * | d2   | A    | D    | doing       | T+60   | hasDone(-5), exec(+5), exec(+50)  | normal   | process       | 33.33    |
 * | d3   | B    | D    | doing       | T-2    | exec(-2)                          | block    | expired       | 0        |
 * | d4   | C    | D    | waitResolve | T+100  | –                                 | unstart  | process (200) | 0        |
 * | c1   | A    | C    | done        | T-1    | delayDone(-1)                     | finish   | –             | 100      |
 * | c2   | B    | C    | waitResolve | T+3    | –                                 | unstart  | process       | 0        |
 * | o1   | A    | O    | waitResolve | T-10   | –                                 | block    | expired       | 0        |
 * | wd   | A    | D    | withdrawn, never counted                                                                  |
 * | y1   | B    | D    | done, last year's target (2025)                                                          |
 */
beforeAll(async () => {
  w = await startGoalWorld();
  thisYear = (await createYearTarget(w, '本年度目标')).id;
  lastYear = ok<YearTargetWire>(
    await w.creator.post(`${API}/yearTarget`, { name: '上年度目标', cycleYear: 2025 }),
  ).id;
  const departmentOf = { D: w.departmentId, C: w.collaboratingDepartmentId, O: w.outsiderDepartmentId };
  const specs: TaskSpec[] = [
    {
      key: 'd1',
      type: 'A',
      department: 'D',
      principal: w.principal,
      state: 'done',
      end: 10,
      nodes: [
        { state: 'hasDone', end: -20 },
        { state: 'hasDone', end: 5 },
      ],
    },
    {
      key: 'd2',
      type: 'A',
      department: 'D',
      principal: w.principal,
      state: 'doing',
      end: 60,
      nodes: [
        { state: 'hasDone', end: -5 },
        { state: 'executeing', end: 5 },
        { state: 'executeing', end: 50 },
      ],
      collaborators: ['C'],
    },
    {
      key: 'd3',
      type: 'B',
      department: 'D',
      principal: w.head,
      state: 'doing',
      end: -2,
      nodes: [{ state: 'executeing', end: -2 }],
    },
    { key: 'd4', type: 'C', department: 'D', principal: w.head, state: 'waitResolve', end: 100 },
    {
      key: 'c1',
      type: 'A',
      department: 'C',
      principal: w.collaborator,
      state: 'done',
      end: -1,
      nodes: [{ state: 'delayDone', end: -1 }],
    },
    { key: 'c2', type: 'B', department: 'C', principal: w.collaborator, state: 'waitResolve', end: 3 },
    { key: 'o1', type: 'A', department: 'O', principal: w.principal, state: 'waitResolve', end: -10 },
    {
      key: 'wd',
      type: 'A',
      department: 'D',
      principal: w.head,
      state: 'waitResolve',
      end: 5,
      withdrawn: true,
    },
    {
      key: 'y1',
      yearTargetId: lastYear,
      type: 'B',
      department: 'D',
      principal: w.head,
      state: 'done',
      end: '2025-12-01',
      nodes: [{ state: 'hasDone', end: -300 }],
    },
  ];
  const dateOf = (end: number | string) => (typeof end === 'string' ? end : day(end));
  for (const spec of specs) {
    const id = newId();
    ids[spec.key] = id;
    await w.t.db.insert(goalTasks).values({
      id,
      yearTargetId: spec.yearTargetId ?? thisYear,
      name: `任务${spec.key}`,
      type: spec.type,
      examType: 'score',
      departmentId: departmentOf[spec.department],
      principalUserId: spec.principal.userId,
      startDate: '2025-01-01',
      endDate: dateOf(spec.end),
      state: spec.state,
      auditState: spec.nodes ? 1 : null,
      isWithdrawn: spec.withdrawn ?? false,
      creatorUserId: w.creator.userId,
    });
    for (const [i, node] of (spec.nodes ?? []).entries()) {
      await w.t.db.insert(goalNodes).values({
        id: newId(),
        taskId: id,
        name: `节点${i + 1}`,
        principalUserId: spec.principal.userId,
        startDate: '2025-01-01',
        endDate: day(node.end),
        state: node.state,
      });
    }
    for (const c of spec.collaborators ?? []) {
      await w.t.db.insert(goalTaskCollaborators).values({ taskId: id, departmentId: departmentOf[c] });
    }
  }
  await w.t.db
    .insert(goalWarningConditions)
    .values({ id: newId(), taskType: 'C', days: 200, configuredByUserId: w.creator.userId });
});
afterAll(() => w.t.close());

type Filter = Record<string, string>;
const post = <T>(session: Session, path: string, filter: Filter = {}, form = false) =>
  session.post(`${SUMMARY}/${path}`, filter, { form }).then((r) => ok<T>(r));
const get = <T>(session: Session, path: string, filter: Filter = {}) =>
  session.get(`${ANNUAL}/${path}`, filter).then((r) => ok<T>(r));
const gather = (session: Session, filter: Filter = {}) =>
  get<GatherAnalysis>(session, 'gatherAnaylse', { yearTargetId: thisYear, ...filter });

describe('task status analysis', () => {
  it('counts the tasks per schedule status and per task state', async () => {
    const status = await post<TaskStatusAnalysis>(w.creator, 'taskStatusAnalysis', {
      yearTargetId: thisYear,
    });
    expect(status).toEqual({
      total: 7,
      scheduleStatuses: [
        { status: 'unstart', count: 2 },
        { status: 'block', count: 2 },
        { status: 'normal', count: 1 },
        { status: 'finish', count: 2 },
      ],
      states: [
        { state: 'waitResolve', count: 3 },
        { state: 'hasResolved', count: 0 },
        { state: 'doing', count: 2 },
        { state: 'done', count: 2 },
      ],
    });
  });

  it('accepts a form-encoded body as well as JSON', async () => {
    const form = await post<TaskStatusAnalysis>(
      w.creator,
      'taskStatusAnalysis',
      { yearTargetId: thisYear, taskType: 'A', warningType: '', departmentId: '' },
      true,
    );
    expect(form.total).toBe(4);
    expect(form.scheduleStatuses.find((s) => s.status === 'finish')?.count).toBe(2);
  });
});

describe('department finish rate and rank', () => {
  it('gives finished / total and the mean progress per responsible department', async () => {
    const rates = await post<DepartmentFinishRate[]>(w.creator, 'departmentTaskFinishRate', {
      yearTargetId: thisYear,
    });
    const byId = new Map(rates.map((r) => [r.departmentId, r]));
    expect(rates).toHaveLength(3);
    expect(byId.get(w.departmentId)).toMatchObject({
      headId: w.head.userId,
      taskCount: 4,
      finishedCount: 1,
      unfinishedCount: 3,
      finishRate: 25,
      progress: 33.33,
    });
    expect(byId.get(w.collaboratingDepartmentId)).toMatchObject({
      taskCount: 2,
      finishedCount: 1,
      finishRate: 50,
      progress: 50,
    });
    expect(byId.get(w.outsiderDepartmentId)).toMatchObject({ taskCount: 1, finishedCount: 0, finishRate: 0 });
  });

  it('ranks departments best first, equal rates sharing a rank', async () => {
    const rank = await post<FinishRateRank[]>(w.creator, 'finishRateRank', { yearTargetId: thisYear });
    expect(rank.map((r) => [r.rank, r.departmentId, r.finishRate])).toEqual([
      [1, w.collaboratingDepartmentId, 50],
      [2, w.departmentId, 25],
      [3, w.outsiderDepartmentId, 0],
    ]);
    // Type A only: D 1/2, C 1/1, O 0/1.
    const a = await post<FinishRateRank[]>(w.creator, 'finishRateRank', {
      yearTargetId: thisYear,
      taskType: 'A',
    });
    expect(a.map((r) => [r.rank, r.finishRate])).toEqual([
      [1, 100],
      [2, 50],
      [3, 0],
    ]);
    // Processes only (d2, d4, c2): nobody finished, so all share the first place.
    const tied = await post<FinishRateRank[]>(w.creator, 'finishRateRank', {
      yearTargetId: thisYear,
      warningType: 'process',
    });
    expect(tied.map((r) => r.rank)).toEqual([1, 1]);
  });
});

describe('gather, by type, by department and the grid', () => {
  it('totals tasks, finished, in progress, unstarted, overdue and warned tasks', async () => {
    expect(await gather(w.creator)).toEqual({
      taskCount: 7,
      finishedCount: 2,
      inProgressCount: 1,
      unstartCount: 2,
      overdueCount: 2,
      processWarningCount: 3,
      expiredWarningCount: 2,
      finishRate: 28.57,
      departmentCount: 3,
      progress: 33.33,
    });
  });

  it('agrees with the warning counts of the task screens', async () => {
    const counts = ok<WarningCountMap>(
      await w.creator.get(`${API}/warningCount`, { yearTargetId: thisYear }),
    );
    const totals = await gather(w.creator);
    expect(totals.processWarningCount).toBe(Object.keys(counts.processMap).length);
    expect(totals.expiredWarningCount).toBe(Object.keys(counts.delayMap).length);
  });

  it('applies each filter: warning type, task type, department, year and year target', async () => {
    expect(await gather(w.creator, { warningType: 'process' })).toMatchObject({
      taskCount: 3,
      processWarningCount: 3,
      expiredWarningCount: 0,
      unstartCount: 2,
      inProgressCount: 1,
    });
    expect(await gather(w.creator, { warningType: 'expired' })).toMatchObject({
      taskCount: 2,
      overdueCount: 2,
      expiredWarningCount: 2,
    });
    expect(await gather(w.creator, { taskType: 'B' })).toMatchObject({ taskCount: 2, overdueCount: 1 });
    expect(await gather(w.creator, { departmentId: w.departmentId })).toMatchObject({
      taskCount: 4,
      finishedCount: 1,
      finishRate: 25,
    });
    expect(await get<GatherAnalysis>(w.creator, 'gatherAnaylse', { cycleYear: '2025' })).toMatchObject({
      taskCount: 1,
      finishedCount: 1,
      finishRate: 100,
    });
    expect(await get<GatherAnalysis>(w.creator, 'gatherAnaylse')).toMatchObject({
      taskCount: 8,
      finishedCount: 3,
    });
  });

  it('summarises every task type, empty ones as zero', async () => {
    const types = await get<TypeAnalysis[]>(w.creator, 'findAnalyse', { yearTargetId: thisYear });
    expect(types.map((t) => [t.type, t.taskCount, t.finishedCount, t.finishRate])).toEqual([
      ['A', 4, 2, 50],
      ['B', 2, 0, 0],
      ['C', 1, 0, 0],
    ]);
    const onlyA = await get<TypeAnalysis[]>(w.creator, 'findAnalyse', {
      yearTargetId: thisYear,
      taskType: 'A',
    });
    expect(onlyA.map((t) => t.taskCount)).toEqual([4, 0, 0]);
  });

  it('summarises each department with its head', async () => {
    const departments = await get<DepartmentAnalysis[]>(w.creator, 'findAnalyseDepartemnt', {
      yearTargetId: thisYear,
      departmentId: w.departmentId,
    });
    expect(departments).toEqual([
      {
        departmentId: w.departmentId,
        departmentName: expect.any(String),
        headId: w.head.userId,
        headName: expect.any(String),
        taskCount: 4,
        finishedCount: 1,
        inProgressCount: 1,
        unstartCount: 1,
        overdueCount: 1,
        processWarningCount: 2,
        expiredWarningCount: 1,
        finishRate: 25,
        progress: 33.33,
      },
    ]);
  });

  it('crosses departments with task types', async () => {
    const grid = await get<AnalysisGrid>(w.creator, 'queryGrid', { yearTargetId: thisYear });
    expect(grid.types).toEqual(['A', 'B', 'C']);
    const row = (id: string) => grid.rows.find((r) => r.departmentId === id)!;
    const cells = (id: string) => row(id).cells.map((c) => [c.taskCount, c.finishedCount, c.overdueCount]);
    expect(cells(w.departmentId)).toEqual([
      [2, 1, 0],
      [1, 0, 1],
      [1, 0, 0],
    ]);
    expect(row(w.departmentId).total).toEqual({
      taskCount: 4,
      finishedCount: 1,
      overdueCount: 1,
      finishRate: 25,
    });
    expect(cells(w.collaboratingDepartmentId)).toEqual([
      [1, 1, 0],
      [1, 0, 0],
      [0, 0, 0],
    ]);
    expect(cells(w.outsiderDepartmentId)).toEqual([
      [1, 0, 1],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(grid.totals.map((c) => [c.taskCount, c.finishedCount, c.finishRate])).toEqual([
      [4, 2, 50],
      [2, 0, 0],
      [1, 0, 0],
    ]);
    expect(grid.total).toEqual({ taskCount: 7, finishedCount: 2, overdueCount: 2, finishRate: 28.57 });
  });
});

describe('scope by role', () => {
  it('counts for each caller exactly the tasks the task lists show them', async () => {
    // The department head and auditor: their department's four tasks.
    expect((await gather(w.head)).taskCount).toBe(4);
    expect((await gather(w.auditor)).taskCount).toBe(4);
    // The collaborating head: its own two and the task it collaborates on (d2).
    const collaborator = await post<DepartmentFinishRate[]>(w.collaborator, 'departmentTaskFinishRate', {
      yearTargetId: thisYear,
    });
    expect(collaborator.map((r) => [r.departmentId, r.taskCount]).sort()).toEqual(
      [
        [w.collaboratingDepartmentId, 2],
        [w.departmentId, 1],
      ].sort(),
    );
    // A principal: the tasks they lead (d1, d2, o1).
    expect(await gather(w.principal)).toMatchObject({ taskCount: 3, finishedCount: 1, departmentCount: 2 });
    // The outsider: their department's o1 only, never the others' even when asking for them.
    expect((await gather(w.outsider)).taskCount).toBe(1);
    expect((await gather(w.outsider, { departmentId: w.departmentId })).taskCount).toBe(0);
    const grid = await get<AnalysisGrid>(w.outsider, 'queryGrid', { yearTargetId: thisYear });
    expect(grid.rows.map((r) => r.departmentId)).toEqual([w.outsiderDepartmentId]);
  });

  it('never counts a withdrawn task, not even for its creator', async () => {
    const rank = await post<FinishRateRank[]>(w.creator, 'finishRateRank', { yearTargetId: thisYear });
    expect(rank.find((r) => r.departmentId === w.departmentId)?.taskCount).toBe(4);
  });
});

describe('bad filters', () => {
  it('refuses them with a Chinese message', async () => {
    failed(await w.creator.post(`${SUMMARY}/taskStatusAnalysis`, { taskType: 'D' }), 400, '任务类型不正确');
    failed(
      await w.creator.post(`${SUMMARY}/finishRateRank`, { warningType: 'final' }, { form: true }),
      400,
      '预警类型不正确',
    );
    failed(await w.creator.get(`${ANNUAL}/gatherAnaylse`, { cycleYear: 'abc' }), 400, '年度不正确');
    failed(await w.creator.get(`${ANNUAL}/queryGrid`, { cycleYear: '1999' }), 400, '年度不正确');
  });

  it('answers an empty selection with zeros, not an error', async () => {
    expect(await gather(w.creator, { departmentId: 'no-such-department' })).toMatchObject({
      taskCount: 0,
      finishRate: 0,
      progress: 0,
    });
    const grid = await get<AnalysisGrid>(w.creator, 'queryGrid', { yearTargetId: 'none' });
    expect(grid).toMatchObject({ rows: [], total: { taskCount: 0, finishRate: 0 } });
  });

  it('needs a session', async () => {
    const response = await w.t.app.inject({ method: 'GET', url: `${ANNUAL}/gatherAnaylse` });
    expect(response.statusCode).toBe(401);
  });
});

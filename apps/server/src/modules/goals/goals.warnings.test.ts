import type {
  DepartmentGoalSummary,
  GoalWarningCondition,
  Urge,
  WarningCountMap,
  WarningTaskWire,
} from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/app.ts';
import {
  API,
  createTask,
  createYearTarget,
  day,
  failed,
  forbidden,
  type GoalWorld,
  notFound,
  ok,
  refused,
  startGoalWorld,
} from './goals.fixtures.ts';

let w: GoalWorld;
let yearTargetId: string;
const ids: Record<'overdue' | 'soon' | 'nodes' | 'headsOwn' | 'far', string> = {
  overdue: '',
  soon: '',
  nodes: '',
  headsOwn: '',
  far: '',
};

/**
 * One year target with: an overdue task without nodes; one ending in 5 days; one ending in 40 days whose
 * nodes are overdue (-1), near (10) and far (30); one the department head leads ending in 2 days; one far off.
 */
beforeAll(async () => {
  w = await startGoalWorld();
  yearTargetId = (await createYearTarget(w)).id;
  ids.overdue = (
    await createTask(w, yearTargetId, { name: '逾期任务', startDate: day(-60), endDate: day(-3) })
  ).id;
  ids.soon = (await createTask(w, yearTargetId, { name: '将到期任务', endDate: day(5) })).id;
  ids.nodes = (await createTask(w, yearTargetId, { name: '多节点任务', type: 'B', endDate: day(40) })).id;
  for (const [name, end] of [
    ['逾期节点', -1],
    ['临近节点', 10],
    ['远期节点', 30],
  ] as const) {
    ok(
      await w.principal.post(`${API}/targetTaskNode`, {
        taskId: ids.nodes,
        name,
        startDate: day(-30),
        endDate: day(end),
      }),
    );
  }
  ids.headsOwn = (
    await createTask(w, yearTargetId, {
      name: '部门负责人的任务',
      principalId: w.head.userId,
      endDate: day(2),
    })
  ).id;
  ids.far = (await createTask(w, yearTargetId, { name: '远期任务', type: 'C', endDate: day(200) })).id;
});
afterAll(() => w.t.close());

const counts = async (session: Session, query: Record<string, string> = {}) =>
  ok<WarningCountMap>(await session.get(`${API}/warningCount`, { yearTargetId, ...query }));
const c = (processWarningCount: number, expiredWarningCount: number) => ({
  processWarningCount,
  expiredWarningCount,
  totalWarningCount: processWarningCount + expiredWarningCount,
});

describe('warning counts', () => {
  it('counts overdue and process warnings per task, nodes one by one, with the default 15 days', async () => {
    const all = await counts(w.creator);
    expect(all.delayMap).toEqual({ [ids.overdue]: c(0, 1), [ids.nodes]: c(1, 1) });
    expect(all.processMap).toEqual({ [ids.soon]: c(1, 0), [ids.nodes]: c(1, 1), [ids.headsOwn]: c(1, 0) });
  });

  it('counts the bounds: ending today and on the last warning day is in process, the day before today overdue', async () => {
    const edges = (await createYearTarget(w)).id;
    const task = async (name: string, end: number) =>
      (await createTask(w, edges, { name, startDate: day(-60), endDate: day(end) })).id;
    const [yesterday, today, lastDay, dayAfter] = [
      await task('昨天到期', -1),
      await task('今天到期', 0),
      await task('第15天到期', 15),
      await task('第16天到期', 16),
    ];
    const found = await counts(w.creator, { yearTargetId: edges });
    expect(found.delayMap).toEqual({ [yesterday]: c(0, 1) });
    expect(found.processMap).toEqual({ [today]: c(1, 0), [lastDay]: c(1, 0) });
    expect(Object.keys({ ...found.delayMap, ...found.processMap })).not.toContain(dayAfter);
  });

  it('filters the task list by warning type on the server, with the other filters and the paging', async () => {
    const list = async (query: Record<string, string>) =>
      ok<{ records: Array<{ id: string }>; total: number }>(
        await w.creator.get(`${API}/targetTask`, { yearTargetId, pageNum: '1', pageSize: '10', ...query }),
      );
    const idsOf = (page: { records: Array<{ id: string }> }) => page.records.map((r) => r.id).sort();
    const overdue = await list({ warningType: 'final' });
    expect(idsOf(overdue)).toEqual([ids.overdue, ids.nodes].sort());
    expect(overdue.total).toBe(2);
    const process = await list({ warningType: 'process' });
    expect(idsOf(process)).toEqual([ids.soon, ids.nodes, ids.headsOwn].sort());
    expect(process.total).toBe(3);
    const processTypeB = await list({ warningType: 'process', type: 'B' });
    expect(idsOf(processTypeB)).toEqual([ids.nodes]);
    expect(processTypeB.total).toBe(1);
    const firstPage = await list({ warningType: 'process', pageSize: '2' });
    expect(firstPage.records).toHaveLength(2);
    expect(firstPage.total).toBe(3);
    failed(await w.creator.get(`${API}/targetTask`, { warningType: 'soon' }), 400, '预警类型不正确');
  });

  it('narrows to the caller (queryType=personal) and to charged departments (departmentCondition)', async () => {
    const personal = await counts(w.principal, { queryType: 'personal' });
    expect(Object.keys(personal.processMap).sort()).toEqual([ids.soon, ids.nodes].sort());
    expect(Object.keys(personal.delayMap).sort()).toEqual([ids.overdue, ids.nodes].sort());
    const headPersonal = await counts(w.head, { queryType: 'personal' });
    expect(headPersonal).toEqual({ delayMap: {}, processMap: { [ids.headsOwn]: c(1, 0) } });

    const department = await counts(w.head, {
      departmentCondition: `${w.departmentId},${w.outsiderDepartmentId}`,
    });
    expect(Object.keys(department.processMap)).toHaveLength(3);
    expect(await counts(w.creator, { departmentCondition: w.outsiderDepartmentId })).toEqual({
      delayMap: {},
      processMap: {},
    });
    expect(await counts(w.outsider)).toEqual({ delayMap: {}, processMap: {} });
    expect(Object.keys((await counts(w.collaborator)).delayMap)).toHaveLength(2);
  });

  it('lists the warning tasks by type with their counts', async () => {
    const page = ok<{ records: WarningTaskWire[]; total: number }>(
      await w.head.get(`${API}/warningTask`, { yearTargetId, warningType: 'final' }),
    );
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.rwmc)).toEqual(['逾期任务', '多节点任务']);
    expect(page.records[0]).toMatchObject({
      warningType: 'final',
      expiredWarningCount: 1,
      scheduleStatus: 'block',
    });
    const all = ok<{ records: WarningTaskWire[] }>(
      await w.creator.get(`${API}/warningTask`, { yearTargetId }),
    );
    expect(all.records).toHaveLength(4);
    expect(ok<{ total: number }>(await w.outsider.get(`${API}/warningTask`, { yearTargetId })).total).toBe(0);
  });

  it('uses the configured days per task type and keeps the history', async () => {
    const defaults = ok<GoalWarningCondition[]>(await w.head.get(`${API}/warningCondition`));
    expect(defaults.map((d) => [d.taskType, d.days])).toEqual([
      ['A', 15],
      ['B', 15],
      ['C', 15],
    ]);
    forbidden(
      await w.head.post(`${API}/warningCondition/insert`, { taskType: 'A', days: 3 }),
      '年度目标发布者',
    );
    failed(
      await w.creator.post(`${API}/warningCondition/insert`, { taskType: 'A', days: -1 }),
      400,
      '预警天数应在0到365之间',
    );
    failed(
      await w.creator.post(`${API}/warningCondition/insert`, { taskType: 'A', days: 1.5 }),
      400,
      '预警天数必须是整数',
    );
    ok(await w.creator.post(`${API}/warningCondition/insert`, { taskType: 'A', days: 10 }));
    const batch = ok<GoalWarningCondition[]>(
      await w.creator.post(`${API}/warningCondition/batchConfig`, {
        list: [
          { taskType: 'A', days: 3 },
          { taskType: 'B', days: 30 },
        ],
      }),
    );
    expect(batch.map((b) => b.days)).toEqual([3, 30]);
    const all = await counts(w.creator);
    // A: the task ending in 5 days is no longer near, the one in 2 days still is; B: the node at 30 days now is.
    expect(all.processMap).toEqual({ [ids.nodes]: c(2, 1), [ids.headsOwn]: c(1, 0) });
    const history = ok<{ records: GoalWarningCondition[]; total: number }>(
      await w.head.get(`${API}/warningCondition/history`, { taskType: 'A' }),
    );
    expect(history.records.map((h) => h.days)).toEqual([3, 10]);
    ok(
      await w.creator.post(`${API}/warningCondition/batchConfig`, {
        list: [
          { taskType: 'A', days: 15 },
          { taskType: 'B', days: 15 },
        ],
      }),
    );
  });
});

describe('urges', () => {
  it('a publisher urges departments in a batch; only the urged department accepts, once', async () => {
    forbidden(
      await w.head.post(`${API}/yearTargetUrge`, {
        yearTargetId,
        departmentId: w.departmentId,
        currentStatus: 1,
      }),
      '年度目标发布者',
    );
    failed(
      await w.creator.post(`${API}/yearTargetUrge`, {
        yearTargetId,
        departmentId: w.departmentId,
        currentStatus: 3,
      }),
      400,
      '当前状态不正确',
    );
    failed(
      await w.creator.post(`${API}/yearTargetUrge`, {
        yearTargetId,
        departmentId: w.departmentId,
        currentStatus: 1,
        content: '督'.repeat(201),
      }),
      400,
      '督办内容最多只能输入200个字符',
    );
    const urges = ok<Urge[]>(
      await w.creator.post(`${API}/yearTargetUrge/batchInsert`, {
        list: [
          { yearTargetId, departmentId: w.departmentId, currentStatus: 2, content: '请尽快分解目标' },
          { yearTargetId, departmentId: w.collaboratingDepartmentId, currentStatus: 1 },
        ],
      }),
    );
    expect(urges.map((u) => [u.currentStatus, u.urgeType])).toEqual([
      [2, 0],
      [1, 0],
    ]);
    const headList = ok<{ records: Urge[] }>(await w.head.get(`${API}/yearTargetUrge`, { yearTargetId }));
    expect(headList.records.map((u) => u.departmentId)).toEqual([w.departmentId]);
    expect(ok<{ total: number }>(await w.creator.get(`${API}/yearTargetUrge`, { yearTargetId })).total).toBe(
      2,
    );

    const mine = urges[0]!;
    notFound(await w.outsider.post(`${API}/yearTargetUrge/accept`, { id: mine.id }), '督办不存在');
    forbidden(await w.creator.post(`${API}/yearTargetUrge/accept`, { id: mine.id }), '只能处理本部门的督办');
    const accepted = ok<Urge>(await w.head.post(`${API}/yearTargetUrge/accept`, { id: mine.id }));
    expect(accepted).toMatchObject({ urgeType: 1 });
    expect(accepted.acceptedAt).not.toBeNull();
    refused(await w.head.post(`${API}/yearTargetUrge/accept`, { id: mine.id }), '该督办已处理');
    expect(
      ok<{ total: number }>(await w.creator.get(`${API}/yearTargetUrge`, { yearTargetId, urgeType: '0' }))
        .total,
    ).toBe(1);
  });
});

describe('department overview', () => {
  it('sums tasks, warnings and pending urges per department', async () => {
    const rows = ok<DepartmentGoalSummary[]>(await w.creator.get(`${API}/departManage`, { yearTargetId }));
    const own = rows.find((r) => r.departmentId === w.departmentId);
    expect(own).toMatchObject({
      taskCount: 5,
      doneCount: 0,
      processWarningCount: 3,
      expiredWarningCount: 2,
    });
    expect(rows.find((r) => r.departmentId === w.collaboratingDepartmentId)).toMatchObject({
      collaborationCount: 5,
      pendingUrgeCount: 1,
    });
    const headRows = ok<DepartmentGoalSummary[]>(await w.head.get(`${API}/departManage`, { yearTargetId }));
    expect(headRows.map((r) => r.departmentId)).toEqual([w.departmentId]);
  });
});

import {
  annualEndpoints,
  collectEndpoints as C,
  diagnosisEndpoints as D,
  goalsEndpoints as G,
  GOAL_TASK_TODOS,
  goalReportsEndpoints,
  homeEndpoints,
  MAX_PAGE_SIZE,
  noticeEndpoints,
  noticeLinks,
  qualityReportEndpoints,
  TODO_AREA,
  type TodoKind,
  type Workbench,
} from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';

/**
 * The workbench against the demo school: each count is compared with what the screen it links to shows
 * the same person, read through that screen's own endpoints (the diagnosis task → object task → point
 * lists, the warning grid, the goal task lists and nodes, the annual audit lists, urges, target reports).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 180_000);
afterAll(() => t?.close());

const all = { pageNum: 1, pageSize: MAX_PAGE_SIZE };
const sessions = new Map<string, Session>();
async function as(account: string) {
  let session = sessions.get(account);
  if (!session) {
    session = await signIn(t, account, DEMO_PASSWORD);
    sessions.set(account, session);
  }
  return session;
}
const workbench = async (account: string): Promise<Workbench> =>
  (await as(account)).call(homeEndpoints.workbench);
const countOf = (w: Workbench, kind: TodoKind) => w.todos.find((todo) => todo.kind === kind)?.count;

/** The object tasks the person charges in running tasks, as 我的任务 → task → objects shows them. */
async function chargedObjectTasks(s: Session, state?: 'normal') {
  const tasks = await s.call(D.taskList, {
    query: { ...all, pageType: 'myTask', ...(state ? { state } : {}) },
  });
  const objectTasks = await Promise.all(
    tasks.records.map((task) => s.call(D.objectTasks, { query: { ...all, rwid: task.id } })),
  );
  return objectTasks.flatMap((page) => page.records.filter((ot) => ot.isEdit));
}

async function pointStatesShown(s: Session) {
  const objectTasks = await chargedObjectTasks(s, 'normal');
  const rows = (
    await Promise.all(objectTasks.map((ot) => s.call(D.points, { query: { dxrwid: ot.id } })))
  ).flat();
  return {
    draft: rows.filter((r) => r.shzt === 'draft').length,
    refused: rows.filter((r) => r.shzt === 'refused').length,
  };
}

async function pendingWarnedPointsShown(s: Session) {
  const objectTasks = await chargedObjectTasks(s);
  const pages = await Promise.all(
    objectTasks.map((ot) => s.call(D.warnGrid, { query: { ...all, dxrwid: ot.id, state: 'pending' } })),
  );
  return pages.reduce((sum, page) => sum + page.total, 0);
}

/** Nodes of the 我的任务 list's tasks that the person leads, in a state. */
async function myNodesShown(s: Session, states: readonly string[]) {
  const tasks = await s.call(G.targetTasks, { query: { ...all, view: 'mine' } });
  const nodes = (
    await Promise.all(tasks.records.map((task) => s.call(G.nodes, { query: { taskId: task.id } })))
  ).flat();
  return nodes.filter((n) => n.principalId === s.userId && states.includes(n.state));
}

describe('the home workbench', () => {
  it('counts the charger’s points to fill and to revise and the points with open warnings as the lists show them (yangguang)', async () => {
    const s = await as('yangguang');
    const w = await workbench('yangguang');
    const shown = await pointStatesShown(s);
    expect(countOf(w, 'pointsToFill')).toBe(shown.draft);
    expect(countOf(w, 'pointsRefused')).toBe(shown.refused);
    expect(shown.draft + shown.refused).toBeGreaterThan(0);
    const warned = await pendingWarnedPointsShown(s);
    expect(countOf(w, 'warningsToHandle')).toBe(warned);
    expect(warned).toBeGreaterThan(0);
    // A charger is no auditor: the audit queue is not his to-do.
    expect(countOf(w, 'pointsToAudit')).toBeUndefined();
  });

  it('gives the diagnosis auditor the submitted points of every object task (jiangwen)', async () => {
    const s = await as('jiangwen');
    const w = await workbench('jiangwen');
    // The auditor reads every task: the submitted points over all of them are his queue.
    const tasks = await s.call(D.taskList, { query: { ...all, pageType: 'yearTask' } });
    let submitted = 0;
    for (const task of tasks.records) {
      const objectTasks = await s.call(D.objectTasks, { query: { ...all, rwid: task.id } });
      for (const ot of objectTasks.records) {
        const rows = await s.call(D.points, { query: { dxrwid: ot.id } });
        submitted += rows.filter((r) => r.shzt === 'submitted').length;
      }
    }
    expect(submitted).toBeGreaterThan(0);
    expect(countOf(w, 'pointsToAudit')).toBe(submitted);
    // He charges nothing and has no goal menu.
    expect(countOf(w, 'pointsToFill')).toBe(0);
    expect(countOf(w, 'nodesToAccept')).toBeUndefined();
  }, 120_000);

  it('counts a task principal’s nodes to accept and progress to hand in as 我的任务 shows them (hanbing, yangguang)', async () => {
    for (const account of ['hanbing', 'yangguang']) {
      const s = await as(account);
      const w = await workbench(account);
      const waiting = await myNodesShown(s, ['waitAccept']);
      expect(countOf(w, 'nodesToAccept'), account).toBe(waiting.length);
      const executing = await myNodesShown(s, ['executeing', 'delayNotDone']);
      const open = await Promise.all(
        executing.map(async (node) => {
          const reports = await s.call(G.progress, { query: { taskId: node.taskId, nodeId: node.id } });
          return reports.some((r) => r.auditState === 'reviewing' || r.auditState === 'childPass');
        }),
      );
      expect(countOf(w, 'progressToReport'), account).toBe(open.filter((o) => !o).length);
    }
    const hanbing = await workbench('hanbing');
    expect(
      (countOf(hanbing, 'nodesToAccept') ?? 0) + (countOf(hanbing, 'progressToReport') ?? 0),
    ).toBeGreaterThan(0);
  });

  it('counts progress and delay audits as the audit lists do, and urges and reports to audit (zhaoming, qianli, zhoujing)', async () => {
    for (const account of ['zhaoming', 'qianli']) {
      const s = await as(account);
      const w = await workbench(account);
      const schedules = await s.send(annualEndpoints.scheduleAudits, { query: all });
      // The annual audit lists need the 年度目标分解 menu (zhaoming has it; a department head does not).
      const envelope = schedules.json() as { meta: { success: boolean }; data: { total: number } };
      if (envelope.meta.success) {
        expect(countOf(w, 'progressToAudit'), account).toBe(envelope.data.total);
        const delays = await s.call(annualEndpoints.delayAudits, { query: all });
        expect(countOf(w, 'delaysToDecide'), account).toBe(delays.total);
      }
      const reports = await s.call(goalReportsEndpoints.reportPage, {
        query: { ...all, state: 'submitted' },
      });
      expect(countOf(w, 'reportsToAudit'), account).toBe(reports.records.filter((r) => r.canAudit).length);
    }
    const zhaoming = await workbench('zhaoming');
    expect(countOf(zhaoming, 'progressToAudit')).toBeGreaterThan(0);
    expect(countOf(zhaoming, 'delaysToDecide')).toBeGreaterThan(0);

    // zhoujing heads 人事处, urged and not yet answered: the urges to it as 督办 lists them for her.
    const zhoujing = await as('zhoujing');
    const urges = await zhoujing.call(G.urges, { query: { ...all, urgeType: 0 } });
    expect(urges.total).toBeGreaterThan(0);
    expect(countOf(await workbench('zhoujing'), 'urgesReceived')).toBe(urges.total);
    // qianli publishes diagnoses (and so audits points) and heads 教务处: real work in both areas.
    const qianli = await workbench('qianli');
    expect(countOf(qianli, 'pointsToAudit')).toBeGreaterThan(0);
    expect(countOf(qianli, 'progressToAudit')).toBeGreaterThan(0);
  });

  it('lists deadlines of the coming 14 days in date order', async () => {
    const w = await workbench('hanbing');
    expect(w.deadlines.length).toBeGreaterThan(0);
    for (const d of w.deadlines) expect(d.daysLeft).toBeGreaterThanOrEqual(0);
    for (const d of w.deadlines) expect(d.daysLeft).toBeLessThanOrEqual(14);
    const ends = w.deadlines.map((d) => d.endDate);
    expect(ends).toEqual([...ends].sort());
  });

  it('shows the newest messages of the person’s 消息中心 as 最新动态 (a 督办 to 科研处 reaches 吴伟 only)', async () => {
    const zhaoming = await as('zhaoming');
    const [target] = (await zhaoming.call(G.yearTargets, { query: { pageNum: 1, pageSize: 1 } })).records;
    if (!target) throw new Error('the demo school has a year target');
    const before = (await workbench('wuwei')).notices.length;
    await zhaoming.call(G.urgeInsert, {
      body: { yearTargetId: target.id, departmentId: 'd06', currentStatus: 2, content: '请尽快分解目标' },
    });
    const w = await workbench('wuwei');
    expect(w.notices).toHaveLength(Math.min(before + 1, 10));
    expect(w.notices[0]).toMatchObject({
      category: 'urge',
      title: `督办：${target.name}`,
      body: '督办科研与社会服务处：请尽快分解目标',
      actorName: '赵明',
      link: noticeLinks.urges(),
      read: false,
    });
    const bell = await (await as('wuwei')).call(noticeEndpoints.bell);
    expect(w.notices.slice(0, bell.latest.length)).toEqual(bell.latest);
    const times = w.notices.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await workbench('lvping')).notices).toEqual([]);
  });

  it('gives a data collector without fill tasks only 数据采集, with nothing to do there (lvping)', async () => {
    const w = await workbench('lvping');
    expect(w.todos.every((todo) => TODO_AREA[todo.kind] === 'collection' && todo.count === 0)).toBe(true);
    expect(w.todos.map((todo) => todo.kind)).toContain('fillsToFill');
    expect(w).toMatchObject({ deadlines: [], notices: [] });
  });

  it('answers only a signed-in person', async () => {
    const answer = await t.app.inject({ method: 'GET', url: homeEndpoints.workbench.path });
    expect(answer.statusCode).toBe(401);
  });

  it('counts fill tasks to fill, to revise and to audit, and allocations to make, as 数据采集 lists them', async () => {
    const shown = async (
      account: string,
      query: { scope: 'mine' | 'audit'; state: 'uncommitted' | 'rollback' | 'unaudited' },
    ) => (await (await as(account)).call(C.fillTaskPage, { query: { ...all, ...query } })).total;
    for (const account of ['kongjie', 'yanbo', 'zhangwei']) {
      const w = await workbench(account);
      expect(countOf(w, 'fillsToFill'), account).toBe(
        await shown(account, { scope: 'mine', state: 'uncommitted' }),
      );
      expect(countOf(w, 'fillsRolledBack'), account).toBe(
        await shown(account, { scope: 'mine', state: 'rollback' }),
      );
    }
    expect(countOf(await workbench('kongjie'), 'fillsRolledBack')).toBe(1);
    // 王芳 heads 机电学院, where 孔洁's information waits for her.
    expect(countOf(await workbench('wangfang'), 'fillsToAudit')).toBe(
      await shown('wangfang', { scope: 'audit', state: 'unaudited' }),
    );
    expect(countOf(await workbench('wangfang'), 'fillsToAudit')).toBe(1);
    // 经管学院 has not named its fillers yet.
    const chenyu = await as('chenyu');
    const unallocated = await chenyu.call(C.allocationPage, { query: { ...all, state: 'unallocated' } });
    expect(countOf(await workbench('chenyu'), 'allocationsToMake')).toBe(unallocated.total);
    expect(unallocated.total).toBe(1);
    const deadlines = (await workbench('yanbo')).deadlines.filter((d) => d.kind === 'collectTask');
    expect(deadlines.length).toBeGreaterThan(0);
  });
});

/**
 * Issue 28: every to-do's link opens exactly the rows it counted. Each count is compared with the total
 * of the list endpoint under the link's filter (todo-links.ts on the web), and the same list without the
 * filter must hold more rows, so a filter that lets everything through fails.
 */
describe('each home to-do opens the rows it counts', () => {
  const total = async (page: Promise<{ total: number }>) => (await page).total;
  const ACCOUNTS = [
    'zhaoming',
    'qianli',
    'zhoujing',
    'hanbing',
    'yangguang',
    'kongjie',
    'wangfang',
    'chenyu',
  ];

  it('待填报 and 退回待修改 open the charger’s points in that state; a state outside the to-dos is refused', async () => {
    const s = await as('yangguang');
    const w = await workbench('yangguang');
    for (const [kind, shzt] of [
      ['pointsToFill', 'draft'],
      ['pointsRefused', 'refused'],
    ] as const) {
      const page = await s.call(D.myPoints, { query: { ...all, shzt } });
      expect(page.total, kind).toBe(countOf(w, kind));
      expect(page.records.every((r) => r.shzt === shzt && r.isEdit)).toBe(true);
    }
    expect(countOf(w, 'pointsToFill')).toBeGreaterThan(0);
    // Excluded: his points in the other states (submitted, passed) and in tasks no longer running.
    const objectTasks = await chargedObjectTasks(s);
    const charged = (
      await Promise.all(objectTasks.map((ot) => s.call(D.points, { query: { dxrwid: ot.id } })))
    ).flat();
    expect(charged.length).toBeGreaterThan(
      (countOf(w, 'pointsToFill') ?? 0) + (countOf(w, 'pointsRefused') ?? 0),
    );
    const hostile = await s.send(D.myPoints, { query: { ...all, shzt: 'passed' } as never });
    expect(hostile.statusCode).toBeLessThan(500);
    expect((hostile.json() as { meta: { success: boolean } }).meta.success).toBe(false);
  });

  it('待处理预警 opens the warning centre on the charger’s points with an open warning', async () => {
    const s = await as('yangguang');
    const w = await workbench('yangguang');
    const mine = await total(s.call(D.warnGrid, { query: { ...all, state: 'pending', mine: true } }));
    expect(mine).toBe(countOf(w, 'warningsToHandle'));
    expect(mine).toBeGreaterThan(0);
    expect(await total(s.call(D.warnGrid, { query: all }))).toBeGreaterThan(mine);
  });

  it('each goal to-do opens 我的任务 on the tasks holding it', async () => {
    const seen = new Map<string, number>();
    for (const account of ACCOUNTS) {
      const w = await workbench(account);
      const s = await as(account);
      for (const todo of GOAL_TASK_TODOS) {
        const count = countOf(w, todo);
        if (count === undefined) continue;
        const page = await s.call(G.targetTasks, { query: { ...all, view: 'mine', todo } });
        expect(page.total, `${account} ${todo}`).toBe(count);
        seen.set(todo, (seen.get(todo) ?? 0) + count);
        if (count > 0) {
          const everything = await s.call(G.targetTasks, { query: all });
          expect(everything.total, `${account} ${todo}`).toBeGreaterThan(page.total);
        }
      }
    }
    // The demo has no executing node without a report under audit: 待上报进度 is checked for equality only.
    for (const todo of GOAL_TASK_TODOS.filter((t) => t !== 'progressToReport')) {
      expect(seen.get(todo), todo).toBeGreaterThan(0);
    }
  }, 120_000);

  it('待处理的督办 and 待我审核的目标报告 open the urges and reports waiting for the person', async () => {
    const zhoujing = await as('zhoujing');
    const urges = await zhoujing.call(G.urges, { query: { ...all, urgeType: 0, mine: true } });
    expect(urges.total).toBe(countOf(await workbench('zhoujing'), 'urgesReceived'));
    expect(urges.total).toBeGreaterThan(0);
    const zhaoming = await as('zhaoming');
    const sent = await zhaoming.call(G.urges, { query: all });
    expect(sent.total).toBeGreaterThan(urges.total);
    for (const account of ['zhaoming', 'qianli']) {
      const s = await as(account);
      const w = await workbench(account);
      const mine = await s.call(goalReportsEndpoints.reportPage, { query: { ...all, toAudit: true } });
      expect(mine.total, account).toBe(countOf(w, 'reportsToAudit'));
      expect(mine.records.every((r) => r.canAudit && r.state === 'submitted')).toBe(true);
      expect(await total(s.call(goalReportsEndpoints.reportPage, { query: all }))).toBeGreaterThan(
        mine.total,
      );
    }
  });

  it('the collection to-dos open 我的填报, 填报审核, 任务分配 and 数据变更提醒 on their states', async () => {
    const fills = async (
      account: string,
      query: { scope: 'mine' | 'audit'; state?: 'uncommitted' | 'rollback' | 'unaudited' },
    ) => total((await as(account)).call(C.fillTaskPage, { query: { ...all, ...query } }));
    const kongjie = await workbench('kongjie');
    expect(await fills('kongjie', { scope: 'mine', state: 'uncommitted' })).toBe(
      countOf(kongjie, 'fillsToFill'),
    );
    expect(await fills('kongjie', { scope: 'mine', state: 'rollback' })).toBe(
      countOf(kongjie, 'fillsRolledBack'),
    );
    expect(await fills('kongjie', { scope: 'mine' })).toBeGreaterThan(
      (countOf(kongjie, 'fillsToFill') ?? 0) + (countOf(kongjie, 'fillsRolledBack') ?? 0),
    );
    expect(await fills('wangfang', { scope: 'audit', state: 'unaudited' })).toBe(
      countOf(await workbench('wangfang'), 'fillsToAudit'),
    );
    const chenyu = await as('chenyu');
    const unallocated = await total(
      chenyu.call(C.allocationPage, { query: { ...all, state: 'unallocated' } }),
    );
    expect(unallocated).toBe(countOf(await workbench('chenyu'), 'allocationsToMake'));
    for (const account of ACCOUNTS) {
      const w = await workbench(account);
      const count = countOf(w, 'valueChangesToReview');
      if (count === undefined) continue;
      const s = await as(account);
      expect(await total(s.call(C.valueNoticePage, { query: { ...all, read: '0' } })), account).toBe(count);
    }
  });

  it('待我评审的质量报告 opens the 待我评审 list', async () => {
    for (const account of ACCOUNTS) {
      const count = countOf(await workbench(account), 'qualityReportsToReview');
      if (count === undefined) continue;
      const s = await as(account);
      const todo = await s.call(qualityReportEndpoints.selectPage, { query: { ...all, view: 'todo' } });
      expect(todo.total, account).toBe(count);
    }
  });
});

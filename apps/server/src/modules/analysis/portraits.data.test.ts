import {
  authorityEndpoints as A,
  portraitEndpoints as E,
  effectiveValue,
  NO_PERMISSION_MESSAGE,
  PORTRAIT_GRADES,
  portraitGradeOf,
  ROLE_IDS,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, refused, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';

let t: TestApp;
let admin: Session;
let leader: Session;
let teacher: Session;
let stranger: Session;

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.db, query))[0]!;

/** The demo object of a level with the most warnings in its newest task, and that task's object task. */
async function busiestObject(level: string) {
  return one<{ objectId: string; objectTaskId: string; taskId: string }>(sql`
    select o.id as "objectId", ot.id as "objectTaskId", ot.task_id as "taskId"
    from diagnosis_objects o
    join lateral (
      select ot.* from object_tasks ot join diagnosis_tasks dt on dt.id = ot.task_id
      where ot.object_id = o.id order by dt.start_date desc, dt.created_at desc, dt.id limit 1
    ) ot on true
    where o.level = ${level}
    order by (select count(*) from point_warnings w join assigned_points ap on ap.id = w.assigned_point_id
              where ap.object_task_id = ot.id) desc, o.id
    limit 1`);
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await signIn(t, 'admin', DEMO_PASSWORD);
  leader = await signIn(t, 'zhaoming', DEMO_PASSWORD);
  teacher = await signIn(t, 'zhangwei', DEMO_PASSWORD);
  stranger = await signIn(t, 'shiyu', DEMO_PASSWORD);
  // Grants of this test's own (the demo's may differ): the leader the school and majors, teachers their portrait.
  await admin.call(E.add, {
    body: { type: 'menu', level: 'school', name: '测试学校画像', roleIds: [ROLE_IDS.schoolLeader] },
  });
  await admin.call(E.add, {
    body: { type: 'menu', level: 'major', name: '测试专业画像', roleIds: [ROLE_IDS.schoolLeader] },
  });
  await admin.call(E.add, {
    body: { type: 'menu', level: 'teacher', name: '测试教师画像', roleIds: [ROLE_IDS.diagnosisObject] },
  });
}, 300_000);
afterAll(() => t.close());

describe('画像数据', () => {
  it('equals the diagnosis tables’ own numbers for a demo major', async () => {
    const target = await busiestObject('major');
    const data = await admin.call(E.data, { query: { level: 'major', objectId: target.objectId } });
    expect(data.task?.id).toBe(target.taskId);

    const points = await queryRows<{
      id: string;
      result: string | null;
      revised_result: string | null;
      target_value: string | null;
      revised_target: string | null;
      grade: string | null;
      below: boolean;
      unfinished: boolean;
    }>(t.db, sql`select * from assigned_points where object_task_id = ${target.objectTaskId}`);
    const counts = await one<{ warnings: string; handled: string }>(sql`
      select count(*) as warnings, count(w.handled_at) as handled from point_warnings w
      join assigned_points ap on ap.id = w.assigned_point_id where ap.object_task_id = ${target.objectTaskId}`);
    const hasResult = (p: (typeof points)[number]) => effectiveValue(p.result, p.revised_result) !== null;
    const met = points.filter((p) => hasResult(p) && (['A', 'Y'].includes(p.grade ?? '') || !p.below)).length;

    // The catalogue's figures (figures.ts): 达标 and 未达标 split the points with a result, 未完成 is the rest.
    const evaluated = points.filter(hasResult);
    const reached = evaluated.filter((p) => !p.below).length;
    expect(data.summary).toMatchObject({
      zkdzsl: points.length,
      ycjgsl: evaluated.length,
      dbsl: reached,
      wdbzkdsl: evaluated.length - reached,
      wwczkdsl: points.length - evaluated.length,
      yjcs: Number(counts.warnings),
      yjclsl: Number(counts.handled),
    });
    expect(Number(counts.warnings)).toBeGreaterThan(0);
    expect(data.summary.dbl).toBeCloseTo((reached / evaluated.length) * 100, 2);
    expect(data.grade).toBe(
      portraitGradeOf({
        pointCount: points.length,
        evaluatedCount: points.filter(hasResult).length,
        metCount: met,
      }),
    );
    // Every point row carries the table's effective values, grade and flags.
    const byId = new Map(points.map((p) => [p.id, p]));
    expect(data.points).toHaveLength(points.length);
    for (const row of data.points) {
      const p = byId.get(row.zgzkdid)!;
      expect([row.jgz, row.mbz, row.jgdj, row.dis, row.unfin]).toEqual([
        effectiveValue(p.result, p.revised_result),
        effectiveValue(p.target_value, p.revised_target),
        p.grade,
        hasResult(p) && p.below,
        !hasResult(p),
      ]);
    }
    // The five labels, in order, add up to the points; the months add up to the warnings.
    expect(data.grades.map((g) => g.grade)).toEqual([...PORTRAIT_GRADES]);
    expect(data.grades.reduce((s, g) => s + g.count, 0)).toBe(points.length);
    expect(data.grades.find((g) => g.grade === 'excellent')!.count).toBe(
      points.filter((p) => p.grade === 'A' || p.grade === 'Y').length,
    );
    expect(data.warningsByMonth.reduce((s, m) => s + m.count, 0)).toBe(Number(counts.warnings));
    expect(data.warningsByMonth.reduce((s, m) => s + m.handled, 0)).toBe(Number(counts.handled));
  });

  it('traces each point over the object’s tasks up to the chosen one, and draws an older task on request', async () => {
    const target = await busiestObject('major');
    const tasks = await queryRows<{ id: string }>(
      t.db,
      sql`
      select dt.id from object_tasks ot join diagnosis_tasks dt on dt.id = ot.task_id
      where ot.object_id = ${target.objectId} order by dt.start_date desc, dt.created_at desc, dt.id`,
    );
    expect(tasks.length).toBeGreaterThan(1);
    const latest = await admin.call(E.data, { query: { level: 'major', objectId: target.objectId } });
    expect(latest.tasks.map((x) => x.id)).toEqual(tasks.map((x) => x.id));
    const withBoth = latest.trend.filter((p) => p.values.length === 2);
    expect(withBoth.length).toBeGreaterThan(0);
    expect(withBoth[0]!.values.map((v) => v.taskId)).toEqual([tasks[1]!.id, tasks[0]!.id]);

    const older = await admin.call(E.data, {
      query: { level: 'major', objectId: target.objectId, taskId: tasks[1]!.id },
    });
    expect(older.task?.id).toBe(tasks[1]!.id);
    expect(older.trend.every((p) => p.values.length === 1 && p.values[0]!.taskId === tasks[1]!.id)).toBe(
      true,
    );
    await refused(
      admin.call(E.data, { query: { level: 'major', objectId: target.objectId, taskId: 'missing' } }),
      404,
      /没有这个诊断任务/,
    );
  });

  it('shows 未评 and empty blocks for an object that takes part in no task', async () => {
    await t.db.execute(
      sql`insert into diagnosis_objects (id, level, code, name) values ('portrait-empty', 'major', 'X0', '新设专业')`,
    );
    const data = await admin.call(E.data, { query: { level: 'major', objectId: 'portrait-empty' } });
    expect([data.task, data.grade, data.points, data.summary.zkdzsl]).toEqual([null, 'unrated', [], 0]);
  });

  it('counts a warehouse table’s rows for a card that names it', async () => {
    const table = await one<{ id: string; name: string; physical: string }>(
      sql`select id, name, physical_name as physical from warehouse_tables where is_created and deleted_at is null order by name limit 1`,
    );
    const rows = await one<{ n: string }>(
      sql.raw(`select count(*) as n from dw.${table.physical.replace(/^dw\./, '')}`),
    );
    const card = await admin.call(E.add, {
      body: {
        type: 'card',
        level: 'major',
        name: '在校生名册',
        config: { measures: ['warehouseCount'], warehouseTableId: table.id },
        roleIds: [ROLE_IDS.schoolLeader],
      },
    });
    const target = await busiestObject('major');
    const seen = async (s: Session) =>
      (await s.call(E.data, { query: { level: 'major', objectId: target.objectId } })).warehouse;
    expect(await seen(leader)).toEqual([
      { cardId: card.id, cardName: '在校生名册', tableName: table.name, rowCount: Number(rows.n) },
    ]);
    await admin.call(E.delete, { body: { id: card.id } });
  });
});

describe('画像对象与权限', () => {
  it('lists the objects each caller may see, searchable and paged', async () => {
    const all = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from diagnosis_objects where level = 'major'`,
    );
    const page = await leader.call(E.objects, { query: { level: 'major', pageSize: 3 } });
    expect([page.total, page.records.length]).toEqual([Number(all[0]!.n), 3]);
    const found = await leader.call(E.objects, { query: { level: 'major', keyword: '机电' } });
    expect(found.records.map((o) => o.gzdxmc)).toEqual(['机电一体化技术']);
    // The teacher sees his own teacher object only.
    const own = await teacher.call(E.objects, { query: { level: 'teacher' } });
    expect(own.records.map((o) => o.gzdxmc)).toEqual(['张伟']);
    await refused(teacher.call(E.objects, { query: { level: 'school' } }), 403);
    await refused(stranger.call(E.objects, { query: { level: 'teacher' } }), 403);
  });

  it('gives each caller the portrait his object authority allows, and nothing else', async () => {
    const major = await busiestObject('major');
    const own = (await teacher.call(E.objects, { query: { level: 'teacher' } })).records[0]!.gzdxid;
    const colleague = await one<{ id: string }>(
      sql`select id from diagnosis_objects where level = 'teacher' and id <> ${own} order by id limit 1`,
    );

    expect(
      (await leader.call(E.data, { query: { level: 'major', objectId: major.objectId } })).object.gzdxid,
    ).toBe(major.objectId);
    expect((await teacher.call(E.data, { query: { level: 'teacher', objectId: own } })).object.gzdxmc).toBe(
      '张伟',
    );
    expect(await teacher.call(A.object, { query: { subject: 'teacher', objectId: own } })).toBe(true);
    expect(await teacher.call(A.object, { query: { subject: 'teacher', objectId: colleague.id } })).toBe(
      false,
    );
    await refused(teacher.call(E.data, { query: { level: 'teacher', objectId: colleague.id } }), 404);
    const answer = await stranger.send(E.data, { query: { level: 'teacher', objectId: own } });
    expect(answer.json().meta).toMatchObject({ success: false, message: NO_PERMISSION_MESSAGE });
  });

  it('answers bad input with a Chinese 400', async () => {
    await refused(
      admin.call(E.data, { query: { level: 'campus' as 'school', objectId: 'x' } }),
      400,
      /画像对象/,
    );
    await refused(admin.call(E.data, { query: { level: 'major', objectId: '' } }), 400, /画像对象/);
    await refused(admin.call(E.objects, { query: { level: 'major', pageNum: 0 } }), 400);
    await refused(admin.call(E.data, { query: { level: 'school', objectId: 'x'.repeat(65) } }), 400);
  });
});

describe('演示画像', () => {
  it('grants the five portraits to leaders, the teacher portrait to teachers, and the overview screen', async () => {
    const demoMenus = (s: Session) =>
      s
        .call(E.queryPortrayalByAuth)
        .then((list) => list.filter((m) => !m.name.startsWith('测试')).map((m) => m.name));
    expect(await demoMenus(leader)).toEqual(['学校画像', '专业画像', '课程画像', '教师画像', '学生画像']);
    expect(await demoMenus(teacher)).toEqual(['教师画像']);
    expect(await demoMenus(stranger)).toEqual([]);
    const [screen] = await leader.call(E.queryScreenByAuth);
    expect([screen?.name, screen?.config.layout]).toEqual(['学校质量总览', 'schoolOverview']);
    expect(await leader.call(A.screenCheck, { query: { id: screen!.id } })).toBe(true);
    expect(await teacher.call(A.screenCheck, { query: { id: screen!.id } })).toBe(false);
    expect(await teacher.call(E.queryScreenByAuth)).toEqual([]);
  });

  it('counts the school portrait’s warehouse tables', async () => {
    const school = await one<{ id: string }>(
      sql`select id from diagnosis_objects where level = 'school' limit 1`,
    );
    const data = await leader.call(E.data, { query: { level: 'school', objectId: school.id } });
    const counts = await queryRows<{ name: string; physical: string }>(
      t.db,
      sql`select name, physical_name as physical from warehouse_tables where name in ('新生报到', '教师信息') order by name`,
    );
    expect(data.warehouse.map((w) => w.tableName).sort()).toEqual(counts.map((c) => c.name).sort());
    for (const w of data.warehouse) {
      const physical = counts.find((c) => c.name === w.tableName)!.physical.replace(/^dw\./, '');
      const n = await one<{ n: string }>(sql.raw(`select count(*) as n from dw.${physical}`));
      expect(w.rowCount).toBe(Number(n.n));
    }
    expect(data.warehouse.length).toBe(2);
  });
});

import { ROLE_IDS } from '@eduqa/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { indicatorCategories, indicators, qualityPoints } from '../standards/standards.table.ts';
import { diagnosisObjects } from './diagnosis.table.ts';

/** Test fixtures of the diagnosis API, built directly in the tables: no dependence on the demo seed. */

export const API = '/api/herm-zdgj';

export function ok<T = unknown>(response: LightMyRequestResponse): T {
  expect(response.json().meta, response.body).toMatchObject({ success: true });
  return response.json().data as T;
}

export function failed(response: LightMyRequestResponse, http: number, message?: string) {
  expect(response.statusCode, response.body).toBe(http);
  expect(response.json().meta.success, response.body).toBe(false);
  if (message !== undefined) expect(response.json().meta.message, response.body).toContain(message);
}

export const notFound = (r: LightMyRequestResponse) => failed(r, 404);
export const forbidden = (r: LightMyRequestResponse) => {
  failed(r, 200);
  expect(r.json().meta.statusCode).toBe(403);
};

type PointInsert = Partial<typeof qualityPoints.$inferInsert> & { name: string; dataType: string };

export type PointKey = 'rate' | 'complaints' | 'certified' | 'score';

export interface World {
  publisher: Session;
  auditor: Session;
  charger: Session;
  sharer: Session;
  stranger: Session;
  head: Session;
  headDepartmentId: string;
  objectId: string;
  otherObjectId: string;
  points: Record<PointKey, string>;
  indicatorIds: { root: string; childA: string; childB: string };
}

/**
 * Users of every standing, an indicator tree of two levels under one category at the teacher level,
 * quality points of every kind, and two teacher objects (one in the head's department).
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const mk = async (roles: string[], heads = false) => {
    const user = await createUser(t, { roles, heads });
    return { user, session: await signIn(t, user.account, user.password) };
  };
  const publisher = await mk([ROLE_IDS.diagnosisPublisher]);
  const auditor = await mk([ROLE_IDS.diagnosisAuditor]);
  const charger = await mk([ROLE_IDS.diagnosisObject]);
  const sharer = await mk([ROLE_IDS.diagnosisObject]);
  const stranger = await mk([ROLE_IDS.diagnosisObject]);
  const head = await mk([ROLE_IDS.diagnosisObject], true);

  const categoryId = newId();
  await t.db
    .insert(indicatorCategories)
    .values({ id: categoryId, name: `教师发展${categoryId.slice(0, 4)}`, icon: 'teacher', level: 'teacher' });
  const root = newId();
  const childA = newId();
  const childB = newId();
  await t.db.insert(indicators).values([
    { id: root, categoryId, parentId: null, name: '师资队伍', depth: 1, sort: 1 },
    // B sorts before A by `sort`, whatever the insertion order.
    { id: childA, categoryId, parentId: root, name: '教学能力', depth: 2, sort: 2 },
    { id: childB, categoryId, parentId: root, name: '科研能力', depth: 2, sort: 1 },
  ]);

  const point = async (indicatorId: string, sort: number, p: PointInsert) => {
    const id = newId();
    await t.db.insert(qualityPoints).values({
      id,
      indicatorId,
      level: 'teacher',
      dimension: 'teacher',
      period: 'year',
      sort,
      connotation: `${p.name}的内涵`,
      diagnosticStandard: `${p.name}的诊断标准`,
      ...p,
    });
    return id;
  };
  const points = {
    // percent, bigger is better, reported, warning below 60 each month
    rate: await point(childA, 1, {
      name: '课程合格率',
      dataType: 'percent',
      direction: '>',
      standardValue: '80',
      calRule: [
        { value: '90', dxLevel: 'A' },
        { value: '80', dxLevel: 'B' },
        { value: '60', dxLevel: 'C' },
      ],
      warningMode: 'result',
      warningCondition: '<',
      warningValue: '60',
    }),
    // integer, smaller is better, target locked
    complaints: await point(childA, 2, {
      name: '学生投诉次数',
      dataType: 'integer',
      direction: '<',
      standardValue: '5',
      notAllowChange: true,
      calRule: [
        { value: '2', dxLevel: 'A' },
        { value: '5', dxLevel: 'B' },
        { value: '8', dxLevel: 'C' },
      ],
    }),
    // whether
    certified: await point(childB, 1, { name: '是否双师型', dataType: 'whether', standardValue: '是' }),
    // float from an algorithm: samples make the result; warning below 50 each month
    score: await point(childB, 2, {
      name: '科研得分',
      dataType: 'float',
      direction: '>',
      standardValue: '60',
      collectionMethod: 'algorithm',
      calRule: [
        { value: '80', dxLevel: 'A' },
        { value: '60', dxLevel: 'B' },
      ],
      warningMode: 'result',
      warningCondition: '<',
      warningValue: '50',
      warningPeriod: 'month',
    }),
  };

  const objectId = newId();
  const otherObjectId = newId();
  await t.db.insert(diagnosisObjects).values([
    {
      id: objectId,
      level: 'teacher',
      code: `T${objectId.slice(0, 6)}`,
      name: '张老师',
      departmentId: head.user.departmentId,
    },
    { id: otherObjectId, level: 'teacher', code: `U${otherObjectId.slice(0, 6)}`, name: '李老师' },
  ]);

  return {
    publisher: publisher.session,
    auditor: auditor.session,
    charger: charger.session,
    sharer: sharer.session,
    stranger: stranger.session,
    head: head.session,
    headDepartmentId: head.user.departmentId!,
    objectId,
    otherObjectId,
    points,
    indicatorIds: { root, childA, childB },
  };
}

export interface TaskSetup {
  taskId: string;
  objectTaskId: string;
  pointIds: Record<PointKey, string>;
}

/** A task of the teacher level with the object, its charger and sharer, and the standard's points. */
export async function setupTask(
  w: World,
  options: { name?: string; startDate?: string; endDate?: string } = {},
): Promise<TaskSetup> {
  const task = ok<{ id: string }>(
    await w.publisher.post(`${API}/task/insert`, {
      rwmc: options.name ?? '2026年度教师诊断',
      level: 'teacher',
      period: '2026',
      startDate: options.startDate ?? '2026-01-01',
      endDate: options.endDate ?? '2026-12-31',
    }),
  );
  ok(await w.publisher.post(`${API}/obj/insertlist`, { rwid: task.id, objectIds: [w.objectId] }));
  const objectTasks = ok<{ records: Array<{ id: string }> }>(
    await w.publisher.get(`${API}/obj/select`, { rwid: task.id }),
  );
  const objectTaskId = objectTasks.records[0]!.id;
  ok(
    await w.publisher.post(`${API}/obj/updatePushedCharger`, {
      id: objectTaskId,
      chargerId: w.charger.userId,
      sharerIds: [w.sharer.userId],
    }),
  );
  ok(await w.publisher.post(`${API}/obj/refreshTarget`, { dxrwids: [objectTaskId] }));
  const rows = ok<Array<{ id: string; zkdid: string }>>(
    await w.charger.get(`${API}/quality/select`, { dxrwid: objectTaskId }),
  );
  const idOf = (key: PointKey) => rows.find((r) => r.zkdid === w.points[key])!.id;
  const pointIds = {
    rate: idOf('rate'),
    complaints: idOf('complaints'),
    certified: idOf('certified'),
    score: idOf('score'),
  };
  return { taskId: task.id, objectTaskId, pointIds };
}

/** Adds the world's other teacher to the task and draws its points: its object task's id. */
export async function addOtherObject(w: World, s: TaskSetup): Promise<string> {
  ok(await w.publisher.post(`${API}/obj/insertlist`, { rwid: s.taskId, objectIds: [w.otherObjectId] }));
  const objectTasks = ok<{ records: Array<{ id: string }> }>(
    await w.publisher.get(`${API}/obj/select`, { rwid: s.taskId }),
  );
  const otherId = objectTasks.records.map((r) => r.id).find((id) => id !== s.objectTaskId)!;
  ok(await w.publisher.post(`${API}/obj/refreshTarget`, { dxrwids: [otherId] }));
  return otherId;
}

/** A fresh app with the world and one task: what each diagnosis test file starts from, in its `beforeAll`. */
export async function startTaskWorld(): Promise<{ t: TestApp; w: World; s: TaskSetup }> {
  const t = await createTestApp();
  const w = await buildWorld(t);
  return { t, w, s: await setupTask(w) };
}

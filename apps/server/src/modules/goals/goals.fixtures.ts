import { ROLE_IDS, type TargetTaskWire, type YearTargetWire } from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { formatDateTime } from '../../platform/time.ts';
import { users } from '../org/org.table.ts';

export const API = '/api/herm-mbrwgl';

export function ok<T = unknown>(response: LightMyRequestResponse): T {
  expect(response.json().meta, response.body).toMatchObject({ success: true });
  return response.json().data as T;
}
export function failed(response: LightMyRequestResponse, http: number, message?: string) {
  expect(response.statusCode, response.body).toBe(http);
  expect(response.json().meta.success, response.body).toBe(false);
  if (message !== undefined) expect(response.json().meta.message, response.body).toContain(message);
}
export const notFound = (r: LightMyRequestResponse, message?: string) => failed(r, 404, message);
export const forbidden = (r: LightMyRequestResponse, message?: string) => {
  failed(r, 200, message);
  expect(r.json().meta.statusCode).toBe(403);
};
export const refused = (r: LightMyRequestResponse, message: string) => failed(r, 422, message);

/** Today on the school's clock, and a day `days` away from it, as yyyy-MM-dd. */
export const today = () => formatDateTime(new Date())!.slice(0, 10);
export function day(days: number): string {
  const base = Date.parse(`${today()}T00:00:00Z`);
  return new Date(base + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The people of the goal tests: two publishers (the creator and another), the responsible department's
 * head and its auditor, a task principal, the head of a collaborating department, and an outsider who
 * heads an unrelated department.
 */
export interface GoalWorld {
  t: TestApp;
  creator: Session;
  otherPublisher: Session;
  head: Session;
  auditor: Session;
  principal: Session;
  collaborator: Session;
  outsider: Session;
  departmentId: string;
  collaboratingDepartmentId: string;
  outsiderDepartmentId: string;
  principalAccount: string;
}

/** The goal people in a fresh app, or in `existing` (whose caller closes it) beside other fixtures. */
export async function startGoalWorld(existing?: TestApp): Promise<GoalWorld> {
  const t = existing ?? (await createTestApp());
  const make = async (roles: string[], heads = false) => {
    const user = await createUser(t, { roles, heads });
    return { user, session: await signIn(t, user.account, user.password) };
  };
  const creator = await make([ROLE_IDS.yearTargetPublisher]);
  const otherPublisher = await make([ROLE_IDS.yearTargetPublisher]);
  const head = await make([ROLE_IDS.targetTaskDepartPrincipal], true);
  const auditorUser = await createUser(t, { roles: [ROLE_IDS.targetTaskDepartAuditor] });
  await t.db.update(users).set({ departmentId: head.user.departmentId }).where(eq(users.id, auditorUser.id));
  const auditor = await signIn(t, auditorUser.account, auditorUser.password);
  const principal = await make([ROLE_IDS.targetTaskPrincipal]);
  const collaborator = await make([ROLE_IDS.targetTaskDepartPrincipal], true);
  const outsider = await make([ROLE_IDS.targetTaskDepartPrincipal], true);
  return {
    t,
    creator: creator.session,
    otherPublisher: otherPublisher.session,
    head: head.session,
    auditor,
    principal: principal.session,
    collaborator: collaborator.session,
    outsider: outsider.session,
    departmentId: head.user.departmentId!,
    collaboratingDepartmentId: collaborator.user.departmentId!,
    outsiderDepartmentId: outsider.user.departmentId!,
    principalAccount: principal.user.account,
  };
}

let yearCounter = 0;
export async function createYearTarget(w: GoalWorld, name?: string) {
  yearCounter += 1;
  return ok<YearTargetWire>(
    await w.creator.post(`${API}/yearTarget`, { name: name ?? `年度目标${yearCounter}`, cycleYear: 2026 }),
  );
}

export function taskBody(w: GoalWorld, yearTargetId: string, over: Record<string, unknown> = {}) {
  return {
    yearTargetId,
    name: '提升毕业生就业质量',
    type: 'A',
    examType: 'score',
    targetValue: '95%',
    departmentId: w.departmentId,
    principalId: w.principal.userId,
    collaboratingDepartmentIds: [w.collaboratingDepartmentId],
    startDate: day(-30),
    endDate: day(60),
    detail: '任务详情',
    ...over,
  };
}

export async function createTask(w: GoalWorld, yearTargetId: string, over: Record<string, unknown> = {}) {
  return ok<TargetTaskWire>(await w.creator.post(`${API}/targetTask`, taskBody(w, yearTargetId, over)));
}

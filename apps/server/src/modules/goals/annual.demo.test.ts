import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import { forbidden, ok } from './goals.fixtures.ts';

const API = '/api/annual-targets';
type Page<T> = { records: T[]; total: number };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 180_000);
afterAll(() => t?.close());
const as = (account: string) => signIn(t, account, DEMO_PASSWORD);

describe('the annual demo', () => {
  it('is switched on, with types, chargers, average-level targets in every status, a pinned task and mission statements', async () => {
    const sunhua = await as('sunhua');
    const menus = ok<{ menus: Record<string, string> }>(await sunhua.get('/api/user/tryLoginUserInfo')).menus;
    expect(menus).toHaveProperty('newTaskManagement', '年度目标分解');
    expect(ok<Page<unknown>>(await sunhua.get(`${API}/targetType`)).total).toBe(5);
    expect(ok<Page<unknown>>(await sunhua.get(`${API}/charger`)).total).toBe(7);
    const averages = ok<Page<{ status: string; isTargetCreator: boolean }>>(
      await sunhua.get(`${API}/averageTarget`),
    );
    expect(new Set(averages.records.map((a) => a.status))).toEqual(new Set(['normal', 'pause', 'finished']));
    expect(averages.records.every((a) => a.isTargetCreator)).toBe(true);
    const pinned = ok<Page<{ isTop: boolean; yearTargetId: string }>>(await sunhua.get(`${API}/yearTask`));
    expect(pinned.records[0]?.isTop).toBe(true);
    const tree = ok<Page<{ isTop: boolean }>>(
      await sunhua.get(`${API}/yearTask/tree`, { yearTargetId: pinned.records[0]!.yearTargetId }),
    );
    expect(tree.records[0]?.isTop).toBe(true);
    expect(ok<Page<{ canEdit: boolean }>>(await sunhua.get(`${API}/missionStatement`)).records).toEqual([
      expect.objectContaining({ canEdit: true }),
      expect.objectContaining({ canEdit: true }),
    ]);
  });

  it('department heads without the annual menu are refused', async () => {
    forbidden(await (await as('liqiang')).get(`${API}/yearTask`));
  });
});

describe('schedule and delay auditing', () => {
  it('lists the progress a creator may decide and decides it through the goal rules', async () => {
    const zhaoming = await as('zhaoming');
    type Audit = { id: string; auditState: string; decisions: string[]; taskName: string };
    const before = ok<Page<Audit>>(await zhaoming.get(`${API}/scheduleAuditing`));
    expect(before.total).toBeGreaterThan(0);
    for (const audit of before.records) {
      expect(['reviewing', 'childPass']).toContain(audit.auditState);
      expect(audit.decisions).toEqual(expect.arrayContaining(['pass', 'reject']));
      expect(audit.taskName).not.toBe('');
    }
    const first = before.records[0]!;
    const rejected = ok<{ auditState: string }>(
      await zhaoming.post(`${API}/scheduleAuditing/audit`, {
        id: first.id,
        decision: 'reject',
        opinion: '材料不全',
      }),
    );
    expect(rejected.auditState).toBe('reject');
    const after = ok<Page<Audit>>(await zhaoming.get(`${API}/scheduleAuditing`));
    expect(after.total).toBe(before.total - 1);
    // Someone else's report stays out of sunhua's list, and deciding it is refused by the goal rules.
    const sunhua = await as('sunhua');
    const hers = ok<Page<Audit>>(await sunhua.get(`${API}/scheduleAuditing`));
    expect(hers.records.map((r) => r.id)).not.toContain(after.records[0]?.id);
    if (after.records[0]) {
      forbidden(
        await sunhua.post(`${API}/scheduleAuditing/audit`, { id: after.records[0].id, decision: 'pass' }),
      );
    }
  });

  it('lists the pending delays of the caller’s tasks and decides them', async () => {
    const zhaoming = await as('zhaoming');
    type Delay = { id: string; auditState: number; taskName: string };
    const before = ok<Page<Delay>>(await zhaoming.get(`${API}/delayAuditing`));
    expect(before.total).toBeGreaterThan(0);
    expect(before.records.every((d) => d.auditState === 0)).toBe(true);
    const decided = ok<{ auditState: number }>(
      await zhaoming.post(`${API}/delayAuditing/audit`, {
        id: before.records[0]!.id,
        auditState: 2,
        opinion: '不同意',
      }),
    );
    expect(decided.auditState).toBe(2);
    expect(ok<Page<Delay>>(await zhaoming.get(`${API}/delayAuditing`)).total).toBe(before.total - 1);
    const bad = await zhaoming.post(`${API}/delayAuditing/audit`, {
      id: before.records[0]!.id,
      auditState: 5,
    });
    expect(bad.statusCode).toBe(400);
  });
});

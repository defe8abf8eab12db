import {
  NODE_STATES,
  PROGRESS_AUDIT_STATES,
  type ReportJob,
  type TargetReport,
  type TargetTaskWire,
  type WarningCountMap,
  YEAR_TASK_STATES,
  type YearTargetWire,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { docxParts } from '../../test/docx-parts.ts';
import { queryRows } from '../db/client.ts';
import { DEMO_PASSWORD, DEMO_SCHOOL } from './demo.ts';
import { GOAL_REPORT_COVER, GOAL_REPORT_TEMPLATE } from './goals-demo.ts';

const API = '/api/herm-mbrwgl';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 180_000);
afterAll(() => t?.close());

const as = (account: string) => signIn(t, account, DEMO_PASSWORD);
const data = <T>(response: { json(): { data: T } }) => response.json().data;
const names = async (account: string, query: Record<string, string>) =>
  data<{ records: TargetTaskWire[] }>(await (await as(account)).get(`${API}/targetTask`, query))
    .records.map((r) => r.rwmc)
    .sort();

describe('the demo goals', () => {
  it('has two years of targets with tasks, nodes and reports in every state', async () => {
    const targets = data<{ records: YearTargetWire[] }>(
      await (await as('zhaoming')).get(`${API}/yearTarget`),
    ).records;
    expect(new Set(targets.map((y) => y.cycleYear)).size).toBe(2);
    const states = await queryRows<{ kind: string; value: string }>(
      t.db,
      sql`select 'task' as kind, state as value from goal_tasks union select 'node', state from goal_nodes
          union select 'progress', audit_state from goal_progress union select 'delay', audit_state::text from goal_delays
          union select 'urge', urge_type::text from goal_urges union select 'audit', coalesce(audit_state::text, 'none') from goal_tasks`,
    );
    const of = (kind: string) =>
      states
        .filter((s) => s.kind === kind)
        .map((s) => s.value)
        .sort();
    expect(of('task')).toEqual([...YEAR_TASK_STATES].sort());
    expect(of('node')).toEqual([...NODE_STATES].sort());
    expect(of('progress')).toEqual([...PROGRESS_AUDIT_STATES].sort());
    expect(of('delay')).toEqual(['0', '1', '2']);
    expect(of('urge')).toEqual(['0', '1']);
    expect(of('audit')).toEqual(['0', '1', '2', 'none']);
  });

  it('raises overdue and process warnings whatever the day', async () => {
    const counts = data<WarningCountMap>(await (await as('zhaoming')).get(`${API}/warningCount`));
    expect(Object.keys(counts.delayMap).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(counts.processMap).length).toBeGreaterThanOrEqual(2);
    const personal = data<WarningCountMap>(
      await (await as('hanbing')).get(`${API}/warningCount`, { queryType: 'personal' }),
    );
    expect(Object.keys(personal.processMap).length + Object.keys(personal.delayMap).length).toBeGreaterThan(
      0,
    );
  });

  it('shows each demo account its own tasks', async () => {
    expect(await names('hanbing', { view: 'mine' })).toEqual(
      [
        '专业人才培养方案修订',
        '内部质量保证体系诊改',
        '教学诊改工作复核',
        '深化产教融合，新增校企合作项目不少于10项',
      ].sort(),
    );
    expect(await names('shenyue', { view: 'department' })).toEqual(
      ['内部质量保证体系诊改', '教学诊改工作复核'].sort(),
    );
    expect(await names('qianli', { view: 'department' })).toEqual(
      ['专业人才培养方案修订', '完善专业动态调整机制', '深化产教融合，新增校企合作项目不少于10项'].sort(),
    );
    expect(await names('wangfang', { view: 'collaboration' })).toContain(
      '深化产教融合，新增校企合作项目不少于10项',
    );
    // The withdrawn task shows to its creator only.
    expect(await names('zhaoming', {})).toContain('艺术设计学院社会服务项目');
    expect(await names('sunhua', {})).not.toContain('艺术设计学院社会服务项目');
    expect(await names('chuxin', {})).toEqual([]);
  });

  it('has a 目标报告 template and cover, and a generated report names the school and draws its charts', async () => {
    const zhaoming = await as('zhaoming');
    const template = data<{ records: { id: string; name: string }[] }>(
      await zhaoming.get(`${API}/targetReportTemplate/selectPage`),
    ).records.find((r) => r.name === GOAL_REPORT_TEMPLATE.name);
    expect(template).toBeDefined();
    const targets = data<{ records: YearTargetWire[] }>(await zhaoming.get(`${API}/yearTarget`)).records;
    // The first year target whose report may still change (the demo submits some of them).
    let yearTarget: YearTargetWire | undefined;
    let job: ReportJob | null = null;
    const refusals: string[] = [];
    for (const target of [...targets].sort((a, b) => b.cycleYear - a.cycleYear)) {
      const answer = (
        await zhaoming.post(`${API}/targetReport/generateReport`, {
          yearTargetId: target.id,
          templateId: template!.id,
        })
      ).json() as { meta: { success: boolean; message: string }; data: ReportJob };
      if (answer.meta.success) {
        yearTarget = target;
        job = answer.data;
        break;
      }
      refusals.push(answer.meta.message);
    }
    expect(job, refusals.join('；')).not.toBeNull();
    for (let i = 0; i < 240 && job!.state === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = data<ReportJob>(await zhaoming.get(`${API}/targetReport/getFutureTaskResult`, { id: job!.id }));
    }
    expect(job!.state).toBe('done');
    const report = data<{ records: TargetReport[] }>(
      await zhaoming.get(`${API}/targetReport/getReportPage`, { yearTargetId: yearTarget!.id }),
    ).records[0]!;
    const file = await zhaoming.get(`${API}/targetReport/download`, { id: report.id! });
    const { document, media } = await docxParts(file.rawPayload);
    expect(document).toContain(DEMO_SCHOOL);
    expect(document).toContain(GOAL_REPORT_COVER.title);
    expect(document).toContain('年度目标总体完成情况');
    expect(media).toHaveLength(2);
  }, 120_000);
});

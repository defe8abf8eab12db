import type { TaskNodeWire } from '@eduqa/contract';
import ExcelJS from 'exceljs';
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

/** 完成情况 of a target task: the catalog, each node's execution and assessment, the export, the text. */

let w: GoalWorld;
let taskId: string;
let subTaskId: string;
let nodeId: string;
beforeAll(async () => {
  w = await startGoalWorld();
  const target = await createYearTarget(w);
  const task = await createTask(w, target.id, { name: '提升就业质量' });
  const sub = await createTask(w, target.id, { name: '建设就业基地', parentId: task.id });
  taskId = task.id;
  subTaskId = sub.id;
  const node = ok<TaskNodeWire>(
    await w.principal.post(`${API}/targetTaskNode`, {
      taskId,
      name: '调研与方案',
      startDate: day(-20),
      endDate: day(20),
    }),
  );
  nodeId = node.id;
  ok(await w.principal.post(`${API}/targetTaskAudit`, { taskId }));
  ok(await w.creator.post(`${API}/targetTaskAudit/update`, { taskId, auditState: 1 }));
  const move = (session: Session, event: string) =>
    session.post(`${API}/targetTaskNode/transition`, { id: nodeId, event });
  for (const [session, event] of [
    [w.principal, 'push'],
    [w.principal, 'accept'],
    [w.principal, 'resolve'],
    [w.head, 'define'],
  ] as const) {
    ok(await move(session, event));
  }
  const report = ok<{ id: string }>(
    await w.principal.post(`${API}/targetTaskProgress`, {
      nodeId,
      type: 'process',
      content: '问卷',
      completion: 40,
    }),
  );
  ok(await w.creator.post(`${API}/targetTaskProgress/audit`, { id: report.id, decision: 'pass' }));
  ok(
    await w.principal.post(`${API}/targetTaskProgress`, {
      nodeId,
      type: 'final',
      content: '完成',
      completion: 100,
    }),
  );
});
afterAll(() => w.t.close());

describe('getDetailSituationCatalog', () => {
  it('answers the task and its sub-tasks in tree order with their situation', async () => {
    const items = ok<Array<{ id: string; name: string; depth: number; nodeCount: number }>>(
      await w.head.get(`${API}/getDetailSituationCatalog`, { id: taskId }),
    );
    expect(items.map((i) => [i.id, i.name, i.depth])).toEqual([
      [taskId, '提升就业质量', 0],
      [subTaskId, '建设就业基地', 1],
    ]);
    expect(items[0]).toMatchObject({ nodeCount: 1, scheduleStatus: 'normal' });
    // Asked from the sub-task, the catalog starts there.
    const under = ok<Array<{ id: string }>>(
      await w.head.get(`${API}/getDetailSituationCatalog`, { id: subTaskId }),
    );
    expect(under.map((i) => i.id)).toEqual([subTaskId]);
  });

  it('is not found for an outsider; a missing id is a Chinese 400', async () => {
    notFound(await w.outsider.get(`${API}/getDetailSituationCatalog`, { id: taskId }));
    failed(await w.head.get(`${API}/getDetailSituationCatalog`, {}), 400, '请选择目标任务');
  });
});

describe('getPerformAccessDetailSituation', () => {
  it('counts each node’s reports, audits and delays', async () => {
    const answer = ok<{
      task: { id: string };
      nodes: Array<Record<string, unknown>>;
      totals: Record<string, number>;
    }>(await w.principal.get(`${API}/getPerformAccessDetailSituation`, { id: taskId }));
    expect(answer.task.id).toBe(taskId);
    expect(answer.nodes).toHaveLength(1);
    expect(answer.nodes[0]).toMatchObject({
      nodeId,
      name: '调研与方案',
      state: 'executeing',
      reportCount: 2,
      passedCount: 1,
      reviewingCount: 1,
      rejectedCount: 0,
      completion: 40,
      isFinalPassed: false,
      delayCount: 0,
    });
    expect(answer.totals).toMatchObject({
      nodeCount: 1,
      finalPassedCount: 0,
      reviewingCount: 1,
      delayCount: 0,
    });
  });

  it('is not found for an outsider', async () => {
    notFound(await w.outsider.get(`${API}/getPerformAccessDetailSituation`, { id: taskId }));
    notFound(await w.head.get(`${API}/getPerformAccessDetailSituation`, { id: 'no-such-task' }));
  });
});

describe('targetTaskDetail/export', () => {
  it('writes the catalog and the nodes as two sheets', async () => {
    const response = await w.head.get(`${API}/targetTaskDetail/export`, { id: taskId });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent('提升就业质量完成情况.xlsx'),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [tasks, nodes] = book.worksheets;
    expect(tasks!.name).toBe('任务完成情况');
    expect(tasks!.getRow(2).getCell(1).value).toBe('提升就业质量');
    expect(tasks!.getRow(3).getCell(1).value).toBe('　建设就业基地');
    expect(nodes!.name).toBe('节点执行与考核情况');
    expect(nodes!.getRow(2).values).toEqual(expect.arrayContaining(['调研与方案', 2, 1, 40, '否']));
  });

  it('is not found for an outsider', async () => {
    notFound(await w.outsider.get(`${API}/targetTaskDetail/export`, { id: taskId }));
  });
});

describe('targetTaskSituation', () => {
  it('lets the principal and the creator write the 完成情况; readers see it', async () => {
    expect(ok(await w.head.get(`${API}/targetTaskSituation`, { id: taskId }))).toMatchObject({
      name: '提升就业质量',
      situation: '',
      canEdit: false,
    });
    expect(ok(await w.principal.get(`${API}/targetTaskSituation`, { id: taskId }))).toMatchObject({
      canEdit: true,
    });
    expect(
      ok(
        await w.principal.post(`${API}/targetTaskSituation/update`, { id: taskId, situation: '已完成调研' }),
      ),
    ).toMatchObject({ situation: '已完成调研', canEdit: true });
    ok(
      await w.creator.post(`${API}/targetTaskSituation/update`, {
        id: taskId,
        situation: '调研完成，基地在建',
      }),
    );
    expect(ok(await w.head.get(`${API}/targetTaskSituation`, { id: taskId }))).toMatchObject({
      situation: '调研完成，基地在建',
    });
  });

  it('refuses other readers, hides the task from outsiders, and checks the text', async () => {
    forbidden(
      await w.head.post(`${API}/targetTaskSituation/update`, { id: taskId, situation: '部门写' }),
      '只有任务创建人或任务负责人',
    );
    notFound(await w.outsider.post(`${API}/targetTaskSituation/update`, { id: taskId, situation: '外人' }));
    notFound(await w.outsider.get(`${API}/targetTaskSituation`, { id: taskId }));
    failed(
      await w.principal.post(`${API}/targetTaskSituation/update`, {
        id: taskId,
        situation: '长'.repeat(1001),
      }),
      400,
      '完成情况最多只能输入',
    );
  });

  it('refuses a withdrawn task', async () => {
    const target = await createYearTarget(w);
    const task = await createTask(w, target.id, { name: '撤回的任务' });
    ok(await w.creator.post(`${API}/targetTask/withdraw`, { id: task.id }));
    refused(
      await w.creator.post(`${API}/targetTaskSituation/update`, { id: task.id, situation: '写' }),
      '任务已撤回',
    );
  });
});

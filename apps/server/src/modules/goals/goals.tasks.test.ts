import type { TargetTaskWire, TaskDetailWire, YearTargetWire } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  taskBody,
} from './goals.fixtures.ts';

let w: GoalWorld;
beforeAll(async () => {
  w = await startGoalWorld();
});
afterAll(() => w.t.close());

type Page<T> = { records: T[]; total: number; size: number };
const taskNames = async (session: GoalWorld['creator'], path: string, query: Record<string, string> = {}) =>
  ok<Page<TargetTaskWire>>(await session.get(`${API}/${path}`, query)).records.map((r) => r.rwmc);

describe('year targets', () => {
  it('only a publisher creates one, and the input is checked in Chinese', async () => {
    forbidden(
      await w.head.post(`${API}/yearTarget`, { name: '部门目标', cycleYear: 2026 }),
      '年度目标发布者',
    );
    failed(await w.creator.post(`${API}/yearTarget`, { cycleYear: 2026 }), 400, '请输入年度目标名称');
    failed(
      await w.creator.post(`${API}/yearTarget`, { name: '甲'.repeat(61), cycleYear: 2026 }),
      400,
      '最多只能输入60个字符',
    );
    failed(await w.creator.post(`${API}/yearTarget`, { name: '目标' }), 400, '请选择年度');
    const target = ok<YearTargetWire>(
      await w.creator.post(
        `${API}/yearTarget`,
        { name: '2026年事业发展目标', cycleYear: '2026' },
        { form: true },
      ),
    );
    expect(target).toMatchObject({
      name: '2026年事业发展目标',
      cycleYear: 2026,
      isTargetCreator: true,
      taskCount: 0,
    });
    failed(
      await w.creator.post(`${API}/yearTarget`, { name: '2026年事业发展目标', cycleYear: 2026 }),
      409,
      '同名',
    );
  });

  it('lists everything on one page by default and marks the creator', async () => {
    const target = await createYearTarget(w);
    const page = ok<Page<YearTargetWire>>(await w.otherPublisher.get(`${API}/yearTarget`));
    expect(page.size).toBe(1_000_000);
    const mine = ok<Page<YearTargetWire>>(await w.creator.get(`${API}/yearTarget`)).records.find(
      (r) => r.id === target.id,
    );
    expect(mine?.isTargetCreator).toBe(true);
    expect(page.records.find((r) => r.id === target.id)?.isTargetCreator).toBe(false);
    expect(ok<{ cycleYear: number }[]>(await w.head.get(`${API}/divideTargetYear`))[0]?.cycleYear).toBe(2026);
  });

  it('only its creator edits or deletes it; to others it does not exist', async () => {
    const target = await createYearTarget(w);
    const update = { id: target.id, name: '改名目标', cycleYear: 2026 };
    notFound(await w.otherPublisher.post(`${API}/yearTarget/update`, update), '年度目标不存在');
    notFound(await w.otherPublisher.post(`${API}/yearTarget/delete`, { ids: [target.id] }));
    expect(ok<YearTargetWire>(await w.creator.post(`${API}/yearTarget/update`, update)).name).toBe(
      '改名目标',
    );
    await createTask(w, target.id);
    refused(
      await w.creator.post(`${API}/yearTarget/delete`, { ids: [target.id] }),
      '年度目标下已有任务，不能删除',
    );
    const empty = await createYearTarget(w);
    ok(await w.creator.post(`${API}/yearTarget/delete`, { ids: [empty.id] }));
  });
});

describe('target tasks', () => {
  it('refuses bad input with a Chinese message naming the field', async () => {
    const target = await createYearTarget(w);
    const bad = (over: Record<string, unknown>) =>
      w.creator.post(`${API}/targetTask`, taskBody(w, target.id, over));
    failed(await bad({ endDate: day(-40) }), 400, '结束日期不能早于开始日期');
    failed(await bad({ name: '任'.repeat(301) }), 400, '任务名称最多只能输入300个字符');
    failed(await bad({ detail: '详'.repeat(1001) }), 400, '任务详情最多只能输入1000个字符');
    failed(await bad({ departmentId: undefined }), 400, '请选择责任部门');
    failed(await bad({ type: 'D' }), 400, '请选择任务类型');
    failed(await bad({ startDate: '2026/01/01' }), 400, '开始日期');
    refused(await bad({ principalId: 'nobody' }), '任务负责人不存在');
    refused(await bad({ collaboratingDepartmentIds: [w.departmentId] }), '协同部门不能包含责任部门');
    forbidden(await w.head.post(`${API}/targetTask`, taskBody(w, target.id)), '年度目标发布者');
    notFound(await w.creator.post(`${API}/targetTask`, taskBody(w, 'missing')), '年度目标不存在');
  });

  it('shows a task to its department head, principal and collaborators, and to nobody else', async () => {
    const target = await createYearTarget(w);
    const task = await createTask(w, target.id, { name: '可见性任务' });
    expect(task).toMatchObject({
      rwlx: 'A',
      rwlxmc: '重点',
      state: 'waitResolve',
      scheduleStatus: 'unstart',
    });
    const q = { yearTargetId: target.id };
    expect(await taskNames(w.head, 'targetTask', { ...q, view: 'department' })).toEqual(['可见性任务']);
    expect(await taskNames(w.auditor, 'targetTask', { ...q, view: 'department' })).toEqual(['可见性任务']);
    expect(await taskNames(w.principal, 'targetTask', { ...q, view: 'mine' })).toEqual(['可见性任务']);
    expect(await taskNames(w.principal, 'targetTask', { ...q, view: 'department' })).toEqual([]);
    expect(await taskNames(w.collaborator, 'getCooperationTask', q)).toEqual(['可见性任务']);
    expect(await taskNames(w.collaborator, 'targetTask', { ...q, view: 'mine' })).toEqual([]);
    expect(await taskNames(w.outsider, 'targetTask', q)).toEqual([]);
    expect(await taskNames(w.otherPublisher, 'targetTask', q)).toEqual(['可见性任务']);

    const detail = ok<TaskDetailWire>(await w.collaborator.get(`${API}/getTargetTaskVo`, { id: task.id }));
    expect(detail.rights).toEqual({
      canEdit: false,
      canDecompose: false,
      canAuditDecomposition: false,
      canDepartAudit: false,
      canFinalAudit: false,
      canUrge: false,
    });
    expect(
      ok<TaskDetailWire>(await w.head.get(`${API}/getTargetTaskVo`, { id: task.id })).rights,
    ).toMatchObject({
      canDecompose: true,
      canDepartAudit: true,
      canUrge: true,
    });
    expect(
      ok<TaskDetailWire>(await w.creator.get(`${API}/getTargetTaskVo`, { id: task.id })).task.isTargetCreator,
    ).toBe(true);
    notFound(await w.outsider.get(`${API}/getTargetTaskVo`, { id: task.id }), '目标任务不存在');
  });

  it('lets only the creator edit, delete, withdraw and move a task', async () => {
    const target = await createYearTarget(w);
    const task = await createTask(w, target.id, { name: '编辑任务' });
    const update = { ...taskBody(w, target.id, { name: '改名任务' }), id: task.id };
    for (const session of [w.otherPublisher, w.head, w.principal, w.collaborator, w.outsider]) {
      notFound(await session.post(`${API}/targetTask/update`, update), '目标任务不存在');
      notFound(await session.post(`${API}/targetTask/delete`, { ids: [task.id] }));
      notFound(await session.post(`${API}/targetTask/withdraw`, { id: task.id }));
    }
    failed(
      await w.creator.post(`${API}/targetTask/update`, { ...update, endDate: day(-31) }),
      400,
      '结束日期不能早于开始日期',
    );
    expect(ok<TargetTaskWire>(await w.creator.post(`${API}/targetTask/update`, update)).rwmc).toBe(
      '改名任务',
    );

    const withdrawn = ok<TargetTaskWire>(await w.creator.post(`${API}/targetTask/withdraw`, { id: task.id }));
    expect(withdrawn.isWithdrawn).toBe(true);
    refused(await w.creator.post(`${API}/targetTask/withdraw`, { id: task.id }), '任务已撤回');
    notFound(await w.principal.get(`${API}/getTargetTaskVo`, { id: task.id }));
    ok(await w.creator.post(`${API}/targetTask/republish`, { id: task.id }));
    ok(await w.principal.get(`${API}/getTargetTaskVo`, { id: task.id }));

    ok(await w.creator.post(`${API}/targetTask/delete`, { ids: [task.id] }));
    notFound(await w.creator.get(`${API}/getTargetTaskVo`, { id: task.id }));
  });

  it('keeps sub-tasks inside their parent and builds the catalog tree', async () => {
    const target = await createYearTarget(w);
    const parent = await createTask(w, target.id, { name: '上级任务' });
    refused(
      await w.creator.post(
        `${API}/targetTask`,
        taskBody(w, target.id, { parentId: parent.id, endDate: day(61) }),
      ),
      '子任务的起止日期须在上级任务的起止日期之内',
    );
    const child = await createTask(w, target.id, { name: '子任务', parentId: parent.id, endDate: day(30) });
    refused(
      await w.creator.post(
        `${API}/targetTask`,
        taskBody(w, target.id, { parentId: child.id, endDate: day(10) }),
      ),
      '子任务下不能再建子任务',
    );
    const tree = ok<{ id: string; children: { id: string }[] }[]>(
      await w.head.get(`${API}/targetTask/tree`, { yearTargetId: target.id }),
    );
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children.map((c) => c.id)).toEqual([child.id]);
    refused(await w.creator.post(`${API}/targetTask/delete`, { ids: [parent.id] }), '请先删除该任务的子任务');
    const top = ok<TargetTaskWire>(await w.creator.post(`${API}/targetTaskCatalog`, { id: child.id }));
    expect(top.parentId).toBeNull();
    ok(await w.creator.post(`${API}/targetTask/delete`, { ids: [parent.id, child.id] }));
  });
});

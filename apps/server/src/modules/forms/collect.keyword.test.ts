import { collectEndpoints as E, type FormDefinition, FormDefinitionSchema } from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallError,
  createTestApp,
  createUser,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { users } from '../org/org.table.ts';
import { forms, formVersions } from './forms.table.ts';

/**
 * The keyword of 我的填报, 填报审核 and 任务分配: found in the names each list shows, literally, within the
 * caller's own scope.
 */

let t: TestApp;
let manager: Session;
let head: Session;
let filler1: Session;
let filler2: Session;
let department: string;
let taskName: string;
let otherTaskName: string;

const DEFINITION: FormDefinition = FormDefinitionSchema.parse({
  formType: 'floating',
  layout: 'normal',
  fields: [{ key: 'name', label: '姓名', component: 'text' }],
});

/** A published form of the given name (its own CRUD is another module's). */
async function publishedForm(name: string) {
  const id = newId();
  await t.db.insert(forms).values({
    id,
    name,
    formType: DEFINITION.formType,
    layout: DEFINITION.layout,
    syncType: 'unsyn',
    publishState: 'published',
    publishedVersion: 1,
    createdBy: 'test',
  });
  await t.db
    .insert(formVersions)
    .values({ formId: id, version: 1, definition: DEFINITION, createdBy: 'test' });
  return id;
}

async function filler(name: string) {
  const user = await createUser(t, { roles: ['dataCollector'], name });
  await t.db.update(users).set({ departmentId: department }).where(eq(users.id, user.id));
  return signIn(t, user.account, user.password);
}

const day = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A task of the forms sent to the department and allocated to both fillers. */
async function allocatedTask(name: string, formIds: string[]) {
  const task = await manager.call(E.taskCreate, {
    body: { name, formIds, startAt: iso(-day), deadline: iso(30 * day), departmentIds: [department] },
  });
  const [allocation] = (
    await head.call(E.allocationPage, { query: { taskId: task.id, pageNum: 1, pageSize: 10 } })
  ).records;
  await head.call(E.allocate, {
    body: { allocationId: allocation!.id, fillerIds: [filler1.userId, filler2.userId] },
  });
  return task;
}

const paging = { pageNum: 1, pageSize: 50 };
const formNames = (page: { records: { formName: string }[] }) => page.records.map((r) => r.formName).sort();

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const h = await createUser(t, { heads: true });
  department = h.departmentId!;
  head = await signIn(t, h.account, h.password);
  filler1 = await filler('赵晓明');
  filler2 = await filler('钱丽华');
  const suffix = newId().slice(0, 6);
  taskName = `春季教学检查${suffix}`;
  otherTaskName = `科研绩效采集${suffix}`;
  // `100%` and `1000` tell a literal percent sign from a wildcard; `a_c` and `abc` the underscore.
  const rate = await publishedForm(`达成率100%统计${suffix}`);
  const rateLike = await publishedForm(`达成率1000统计${suffix}`);
  const underscore = await publishedForm(`项目a_c清单${suffix}`);
  const underscoreLike = await publishedForm(`项目abc清单${suffix}`);
  await allocatedTask(taskName, [rate, rateLike]);
  await allocatedTask(otherTaskName, [underscore, underscoreLike]);
}, 60_000);
afterAll(() => t.close());

describe('keyword of the fill-task lists', () => {
  it('finds my fill tasks by form name or task name, trimmed, and nothing for a keyword nowhere', async () => {
    const byTask = await filler1.call(E.fillTaskPage, { query: { ...paging, keyword: ` ${taskName} ` } });
    expect(byTask.total).toBe(2);
    expect(byTask.records.every((r) => r.taskName === taskName && r.fillerId === filler1.userId)).toBe(true);

    const byForm = await filler1.call(E.fillTaskPage, { query: { ...paging, keyword: '项目abc清单' } });
    expect(byForm.records.map((r) => r.taskName)).toEqual([otherTaskName]);

    const none = await filler1.call(E.fillTaskPage, { query: { ...paging, keyword: '不存在的表单' } });
    expect(none).toMatchObject({ records: [], total: 0 });
  });

  it('takes % and _ literally instead of as wildcards', async () => {
    const percent = await filler1.call(E.fillTaskPage, { query: { ...paging, keyword: '100%统计' } });
    expect(formNames(percent)).toEqual([expect.stringMatching(/^达成率100%统计/)]);

    const underscore = await filler1.call(E.fillTaskPage, { query: { ...paging, keyword: 'a_c' } });
    expect(formNames(underscore)).toEqual([expect.stringMatching(/^项目a_c清单/)]);

    const onlyPercent = await filler1.call(E.fillTaskPage, { query: { ...paging, keyword: '%' } });
    expect(formNames(onlyPercent)).toEqual([expect.stringMatching(/^达成率100%统计/)]);
  });

  it('finds fills to audit by the filler’s name, which my own list does not search', async () => {
    const audit = await head.call(E.fillTaskPage, { query: { ...paging, scope: 'audit', keyword: '丽华' } });
    expect(audit.total).toBe(4);
    expect(new Set(audit.records.map((r) => r.fillerName))).toEqual(new Set(['钱丽华']));

    const byTask = await head.call(E.fillTaskPage, {
      query: { ...paging, scope: 'audit', keyword: otherTaskName },
    });
    expect(byTask.total).toBe(4);

    const mine = await filler2.call(E.fillTaskPage, { query: { ...paging, keyword: '丽华' } });
    expect(mine.total).toBe(0);
  });

  it('keeps the keyword within the caller’s scope and with the other filters', async () => {
    const mine = await filler2.call(E.fillTaskPage, { query: { ...paging, keyword: taskName } });
    expect(mine.records.every((r) => r.fillerId === filler2.userId)).toBe(true);
    expect(mine.total).toBe(2);

    const committedOnly = await head.call(E.fillTaskPage, {
      query: { ...paging, scope: 'audit', keyword: taskName, state: 'unaudited' },
    });
    expect(committedOnly.total).toBe(0);
  });
});

describe('keyword of the allocations', () => {
  it('finds allocations by task name, literally, and none for an unknown name', async () => {
    const found = await head.call(E.allocationPage, { query: { ...paging, keyword: taskName } });
    expect(found.records.map((a) => a.taskName)).toEqual([taskName]);

    const all = await manager.call(E.allocationPage, { query: { ...paging, keyword: otherTaskName } });
    expect(all.records.map((a) => a.taskName)).toEqual([otherTaskName]);

    const wildcard = await head.call(E.allocationPage, { query: { ...paging, keyword: '%' } });
    expect(wildcard.total).toBe(0);

    const none = await head.call(E.allocationPage, { query: { ...paging, keyword: '不存在的任务' } });
    expect(none).toMatchObject({ records: [], total: 0 });
  });
});

describe('keyword validation', () => {
  it('refuses a keyword over 60 characters on every list with a Chinese 400', async () => {
    const tooLong = '字'.repeat(61);
    // Each call starts when it is awaited: a refusal waiting unhandled is an unhandled rejection.
    const attempts = [
      () => filler1.call(E.fillTaskPage, { query: { ...paging, keyword: tooLong } }),
      () => head.call(E.fillTaskPage, { query: { ...paging, scope: 'audit', keyword: tooLong } }),
      () => head.call(E.allocationPage, { query: { ...paging, keyword: tooLong } }),
    ];
    for (const attempt of attempts) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CallError);
      expect((error as CallError).statusCode).toBe(400);
      expect((error as CallError).meta.message).toMatch(/关键字最多只能输入60个字符/);
    }
    const sixty = await filler1.call(E.fillTaskPage, { query: { ...paging, keyword: '字'.repeat(60) } });
    expect(sixty.total).toBe(0);
  });
});

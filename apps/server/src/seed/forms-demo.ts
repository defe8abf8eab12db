import {
  CreateCollectTaskBodySchema,
  type FormCreateBody,
  FormCreateBodySchema,
  type FormField,
  type FormRecord,
  withKnownValues,
} from '@eduqa/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { createCollectRepo } from '../modules/forms/collect.repo.ts';
import { syncTask } from '../modules/forms/collect-data.service.ts';
import { createCollectFillService } from '../modules/forms/collect-fill.service.ts';
import { createPublicLinksService } from '../modules/forms/collect-public.service.ts';
import { createCollectTasksService } from '../modules/forms/collect-tasks.service.ts';
import { createConstantsRepo } from '../modules/forms/constants.repo.ts';
import { createConstantsService } from '../modules/forms/constants.service.ts';
import { createFormsRepo } from '../modules/forms/forms.repo.ts';
import { createFormsService, loadFieldOptions } from '../modules/forms/forms.service.ts';
import { fillTasks, forms, taskAllocations } from '../modules/forms/forms.table.ts';
import { createWarehouseRepo } from '../modules/warehouse/warehouse.repo.ts';
import { createWarehouseService } from '../modules/warehouse/warehouse.service.ts';
import { warehouseTables } from '../modules/warehouse/warehouse.table.ts';
import type { Actor } from '../platform/access.ts';
import { DEMO_DEPARTMENTS } from './demo.ts';

/**
 * The demo of 数据采集: constants, the three forms of the issue (教师基本信息 floating, 科研项目登记 fixed in a
 * table, 用人单位满意度调查 answered through a public link), and this term's collection task sent to three
 * colleges with fill tasks in every state. Everything goes through the services a user's clicks reach, as
 * the data manager, the department heads and the fillers, so the demo obeys the same rules. The passed
 * records are synced into the forms' warehouse tables, where the research-project algorithm reads them.
 */

type DemoForm = 'teacher' | 'projects' | 'survey';

const constantTypes = [
  { code: 'zc', name: '职称', values: ['教授', '副教授', '讲师', '助教'] },
  { code: 'xl', name: '学历', values: ['博士研究生', '硕士研究生', '大学本科'] },
  { code: 'xmlx', name: '项目类型', values: ['纵向', '横向'] },
  { code: 'myd', name: '满意度', values: ['非常满意', '满意', '一般', '不满意'] },
] as const;

type ConstantCode = (typeof constantTypes)[number]['code'];

const field = (
  key: string,
  label: string,
  component: FormField['component'],
  extra: Partial<Omit<FormField, 'key' | 'label' | 'component'>> = {},
) => ({
  key,
  label,
  component,
  help: '',
  defaultValue: '',
  span: 12,
  validations: [],
  options: null,
  ...extra,
});
const required = [{ type: 'require' as const }];

function formSpecs(
  typeIds: Record<ConstantCode, string>,
  teachersTableId: string | undefined,
): Record<DemoForm, FormCreateBody> {
  const options = (code: ConstantCode) => ({ source: 'constant' as const, constantTypeId: typeIds[code] });
  // 数据只采一次: what the personnel system's roster holds is filled in for the teacher, not asked again.
  const roster = (fieldCode: string) =>
    teachersTableId
      ? { prefill: { source: 'warehouse' as const, tableId: teachersTableId, fieldCode, matchCode: 'gh' } }
      : {};
  return {
    teacher: FormCreateBodySchema.parse({
      name: '教师基本信息',
      remark: '每位教师一份，学期初核对',
      syncType: 'syn',
      definition: {
        formType: 'floating',
        layout: 'normal',
        fields: [
          field('gh', '工号', 'text', {
            ...roster('gh'),
            validations: [
              { type: 'require' },
              { type: 'unique' },
              { type: 'custom', pattern: '^T\\d{5}$', message: '工号为 T 加 5 位数字' },
            ],
          }),
          field('xm', '姓名', 'text', { validations: required, ...roster('xm') }),
          field('zc', '职称', 'select', { options: options('zc'), validations: required, ...roster('zc') }),
          field('xl', '学历', 'select', { options: options('xl') }),
          field('yx', '邮箱', 'email'),
          field('dh', '联系电话', 'phone'),
          field('rzrq', '入职日期', 'date', roster('rzrq')),
          field('jj', '个人简介', 'editor', { span: 24, help: '研究方向与主讲课程，200 字以内' }),
        ],
      },
    }),
    projects: FormCreateBodySchema.parse({
      name: '科研项目登记',
      remark: '本学期新立项的科研与技术服务项目，每个项目一行',
      syncType: 'syn',
      definition: {
        formType: 'fixed',
        layout: 'table',
        fields: [
          field('xmbh', '项目编号', 'text', { validations: [{ type: 'require' }, { type: 'unique' }] }),
          field('xmmc', '项目名称', 'text', { validations: required }),
          field('gh', '负责人工号', 'text', { validations: required }),
          field('xmlx', '项目类型', 'select', { options: options('xmlx'), validations: required }),
          field('lxrq', '立项日期', 'date', { validations: required }),
          field('jf', '经费（万元）', 'float'),
        ],
      },
    }),
    survey: FormCreateBodySchema.parse({
      name: '用人单位满意度调查',
      remark: '通过公开链接请用人单位填写',
      syncType: 'syn',
      definition: {
        formType: 'floating',
        layout: 'normal',
        fields: [
          field('dwmc', '单位名称', 'text', { validations: required }),
          field('lxr', '联系人', 'text'),
          field('dh', '联系电话', 'phone'),
          field('myd', '总体满意度', 'select', { options: options('myd'), validations: required }),
          field('jy', '意见与建议', 'editor', { span: 24 }),
        ],
      },
    }),
  };
}

/** A seed actor with the menus its work needs (the services check them as they check a session's). */
function actorOf(userId: string, menuKeys: string[]): Actor {
  return {
    userId,
    sessionId: 'seed',
    csrfSecret: '',
    roleIds: [],
    menuKeys: new Set(menuKeys),
    actions: new Set(),
  };
}

const day = 24 * 3600 * 1000;
const ymd = (date: Date) => date.toISOString().slice(0, 10);
const teacherRecord = (gh: string, xm: string, zc: string, extra: FormRecord = {}): FormRecord => ({
  gh,
  xm,
  zc,
  xl: '硕士研究生',
  yx: `${gh.toLowerCase()}@demo-college.edu.cn`,
  dh: '',
  rzrq: '',
  jj: '',
  ...extra,
});

export interface FormsDemoInput {
  now: Date;
  userIds: ReadonlyMap<string, string>;
}

export async function seedFormsDemo(tx: Db, input: FormsDemoInput) {
  const id = (account: string) => input.userIds.get(account)!;
  const manager = actorOf(id('hejun'), ['dataManage', 'dataCollection']);
  const constants = createConstantsService({ repo: createConstantsRepo(tx) });
  const warehouseOn = (db: Db) => createWarehouseService({ repo: createWarehouseRepo(db) });
  const formsService = createFormsService({ repo: createFormsRepo(tx, { warehouseOn }) });
  const typeIds = {} as Record<ConstantCode, string>;
  for (const type of constantTypes) {
    const created = await constants.createConstantType({
      name: type.name,
      code: type.code,
      remark: '',
      sort: 0,
    });
    typeIds[type.code] = created.id;
    for (const [sort, value] of type.values.entries())
      await constants.createConstant({ typeId: created.id, label: value, value, sort });
  }
  const formIds = {} as Record<DemoForm, string>;
  const [teachersTable] = await tx
    .select({ id: warehouseTables.id })
    .from(warehouseTables)
    .where(and(eq(warehouseTables.name, '教师信息'), isNull(warehouseTables.deletedAt)));
  const specs = formSpecs(typeIds, teachersTable?.id);
  for (const [key, spec] of Object.entries(specs) as Array<[DemoForm, FormCreateBody]>) {
    const form = await formsService.createForm(manager, spec);
    await formsService.publishForm(manager, form.id);
    formIds[key] = form.id;
  }

  const collectRepo = createCollectRepo(tx);
  const tasks = createCollectTasksService({ repo: collectRepo, now: () => input.now });
  const fills = createCollectFillService({ repo: collectRepo, now: () => input.now });
  const formsRepo = createFormsRepo(tx, { warehouseOn });
  const links = createPublicLinksService({
    repo: collectRepo,
    fieldOptions: (definition) => loadFieldOptions(formsRepo, definition),
    now: () => input.now,
  });
  const task = await tasks.createTask(
    manager,
    CreateCollectTaskBodySchema.parse({
      name: `${input.now.getFullYear()}年秋季学期教师与科研数据采集`,
      formIds: [formIds.teacher, formIds.projects],
      startAt: ymd(new Date(input.now.getTime() - 20 * day)),
      deadline: ymd(new Date(input.now.getTime() + 10 * day)),
      departmentIds: ['d08', 'd09', 'd10'],
      remark: '请各学院在截止日期前完成本院教师信息核对和新立项科研项目登记',
    }),
  );
  const allocationOf = async (departmentId: string) => {
    const [row] = await tx
      .select({ id: taskAllocations.id })
      .from(taskAllocations)
      .where(and(eq(taskAllocations.taskId, task.id), eq(taskAllocations.departmentId, departmentId)));
    return row!.id;
  };
  const head = (departmentId: string) =>
    actorOf(id(DEMO_DEPARTMENTS.find((d) => d.id === departmentId)!.head), ['dataCollection']);
  // 机电学院 and 信息学院 name their fillers; 经管学院 has not yet (待分配).
  await tasks.allocate(head('d08'), {
    allocationId: await allocationOf('d08'),
    fillerIds: [id('zhangwei'), id('kongjie')],
  });
  await tasks.allocate(head('d09'), {
    allocationId: await allocationOf('d09'),
    fillerIds: [id('yanbo'), id('huamin')],
  });

  const fillOf = async (account: string, form: DemoForm) => {
    const [row] = await tx
      .select({ id: fillTasks.id })
      .from(fillTasks)
      .where(
        and(
          eq(fillTasks.taskId, task.id),
          eq(fillTasks.fillerId, id(account)),
          eq(fillTasks.formId, formIds[form]),
        ),
      );
    return row!.id;
  };
  const fill = async (account: string, form: DemoForm, records: FormRecord[]) => {
    const fillTaskId = await fillOf(account, form);
    const filler = actorOf(id(account), ['dataCollection']);
    // As the fill page does: what the school already holds fills what the filler left empty.
    const { known } = await fills.fillDetail(filler, fillTaskId);
    await fills.saveRecords(filler, {
      fillTaskId,
      records: records.map((record, sort) => ({ data: withKnownValues(record, known), sort })),
    });
    return fillTaskId;
  };
  const commit = (account: string, fillTaskId: string) =>
    fills.commit(actorOf(id(account), ['dataCollection']), fillTaskId);
  const year = input.now.getFullYear();

  // 张伟: both forms passed (已完成), his two new projects among them.
  const zhangweiInfo = await fill('zhangwei', 'teacher', [
    teacherRecord('T08003', '张伟', '副教授', { dh: '13905710083', rzrq: '2012-09-01' }),
  ]);
  const zhangweiProjects = await fill('zhangwei', 'projects', [
    {
      xmbh: `KY${year}-0801`,
      xmmc: '智能制造产线数字孪生实训平台研究',
      gh: 'T08003',
      xmlx: '纵向',
      lxrq: ymd(new Date(input.now.getTime() - 15 * day)),
      jf: 12,
    },
    {
      xmbh: `KY${year}-0802`,
      xmmc: '企业数控设备远程运维技术服务',
      gh: 'T08003',
      xmlx: '横向',
      lxrq: ymd(new Date(input.now.getTime() - 9 * day)),
      jf: 8.5,
    },
  ]);
  for (const fillTaskId of [zhangweiInfo, zhangweiProjects]) {
    await commit('zhangwei', fillTaskId);
    await fills.audit(head('d08'), fillTaskId, { decision: 'pass' });
  }
  // 孔洁: her information waits for the head (待审核); her project list came back (已退回).
  await commit('kongjie', await fill('kongjie', 'teacher', [teacherRecord('T08004', '孔洁', '讲师')]));
  const kongjieProjects = await fill('kongjie', 'projects', [
    {
      xmbh: `KY${year}-0803`,
      xmmc: '职业院校课程思政案例库建设',
      gh: 'T08004',
      xmlx: '纵向',
      lxrq: ymd(new Date(input.now.getTime() - 6 * day)),
      jf: null,
    },
  ]);
  await commit('kongjie', kongjieProjects);
  await fills.audit(head('d08'), kongjieProjects, {
    decision: 'rollback',
    reason: '请补填项目经费，并附立项文件编号',
  });
  // 严博: a draft in progress (未提交); 华敏: information passed, no projects yet (未提交, nothing typed).
  await fill('yanbo', 'teacher', [teacherRecord('T09002', '严博', '讲师', { xl: '' })]);
  const huaminInfo = await fill('huamin', 'teacher', [
    teacherRecord('T09003', '华敏', '副教授', { xl: '博士研究生' }),
  ]);
  await commit('huamin', huaminInfo);
  await fills.audit(head('d09'), huaminInfo, { decision: 'pass' });

  const synced = await syncTask(collectRepo, task.id, async () => {});

  // The survey's public link, answered by three employers.
  const link = await links.createLink(manager, formIds.survey, {
    title: '毕业生用人单位满意度调查',
    maxSubmissions: 500,
  });
  const answers: FormRecord[] = [
    {
      dwmc: '杭州某智能装备有限公司',
      lxr: '李经理',
      dh: '0571-86001234',
      myd: '非常满意',
      jy: '毕业生动手能力强，希望加强外语',
    },
    { dwmc: '宁波某电子科技有限公司', lxr: '王主管', dh: '13805740001', myd: '满意', jy: '' },
    { dwmc: '绍兴某物流集团', lxr: '', dh: '', myd: '一般', jy: '希望增加企业实习时长' },
  ];
  for (const [n, answer] of answers.entries())
    await links.publicSubmit({ linkId: link.id, data: answer, address: `198.51.100.${n + 10}` });

  const [projects] = await tx
    .select({ physicalName: warehouseTables.physicalName })
    .from(forms)
    .innerJoin(warehouseTables, eq(warehouseTables.id, forms.warehouseTableId))
    .where(eq(forms.id, formIds.projects));
  return { formIds, taskId: task.id, synced, publicLinkId: link.id, projectsTable: projects!.physicalName };
}

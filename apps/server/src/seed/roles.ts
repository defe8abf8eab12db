import { ACTIONS, type Action, MENU_KEYS, type MenuKey, ROLE_IDS } from '@eduqa/contract';

export interface BuiltinRole {
  id: string;
  name: string;
  menuKeys: readonly MenuKey[];
  actions: readonly Action[];
}

/** The roles of spec 1 §6 and what each opens by default; administrators may change the grants. */
export const BUILTIN_ROLES: BuiltinRole[] = [
  { id: ROLE_IDS.admin, name: '系统管理员', menuKeys: MENU_KEYS, actions: ACTIONS },
  {
    id: ROLE_IDS.diagnosisPublisher,
    name: '诊断发布者',
    menuKeys: ['index', 'dataScreen', 'target', 'improvement', 'report', 'analysis'],
    actions: ['standards.manage', 'diagnosis.manage', 'diagnosis.audit'],
  },
  {
    id: ROLE_IDS.diagnosisObject,
    name: '诊断对象',
    menuKeys: ['index', 'improvement', 'report'],
    actions: [],
  },
  {
    id: ROLE_IDS.diagnosisAuditor,
    name: '诊断审核者',
    menuKeys: ['index', 'improvement', 'report'],
    actions: ['diagnosis.audit'],
  },
  { id: ROLE_IDS.inSchoolExpert, name: '校内专家', menuKeys: ['index', 'report', 'analysis'], actions: [] },
  { id: ROLE_IDS.outsideExpert, name: '校外专家', menuKeys: ['index', 'report'], actions: [] },
  {
    id: ROLE_IDS.yearTargetPublisher,
    name: '年度目标发布者',
    menuKeys: ['index', 'newTaskManagement', 'targetTaskManagement'],
    actions: [],
  },
  {
    id: ROLE_IDS.targetTaskDepartPrincipal,
    name: '目标任务部门主要负责人',
    menuKeys: ['index', 'targetTaskManagement'],
    actions: [],
  },
  {
    id: ROLE_IDS.targetTaskDepartAuditor,
    name: '目标任务部门审核人',
    menuKeys: ['index', 'targetTaskManagement'],
    actions: [],
  },
  {
    id: ROLE_IDS.targetTaskPrincipal,
    name: '目标任务负责人',
    menuKeys: ['index', 'targetTaskManagement'],
    actions: [],
  },
  {
    id: ROLE_IDS.schoolLeader,
    name: '校领导',
    menuKeys: ['index', 'dataScreen', 'report', 'analysis', 'newTaskManagement', 'targetTaskManagement'],
    actions: ['report.review'],
  },
  { id: 'dataCollector', name: '数据填报员', menuKeys: ['index', 'dataCollection'], actions: [] },
  { id: 'dataManager', name: '数据管理员', menuKeys: ['index', 'dataCollection', 'dataManage'], actions: [] },
];

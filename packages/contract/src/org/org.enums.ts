/**
 * Menu keys: one per top-menu area of spec 1 §2 plus administration. A role grants a set of them;
 * the session's menu map is built from the union and drives both the top menu and the server's
 * menu-key permission checks.
 */
export const MENU_KEYS = [
  'index',
  'dataScreen',
  'target',
  'improvement',
  'report',
  'analysis',
  'dataCollection',
  'dataManage',
  'newTaskManagement',
  'targetTaskManagement',
  'system',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

export const MENU_LABELS: Record<MenuKey, string> = {
  index: '首页',
  dataScreen: '数据大屏',
  target: '目标标准',
  improvement: '诊断改进',
  report: '质量报告',
  analysis: '智能分析',
  dataCollection: '数据采集',
  dataManage: '数据管理',
  newTaskManagement: '年度目标分解',
  targetTaskManagement: '目标任务管理',
  system: '系统管理',
};

/** Actions a role may grant beyond its menus. */
export const ACTIONS = [
  'org.user.manage',
  'org.role.manage',
  'org.department.manage',
  'org.setting.manage',
  'standards.manage',
  'diagnosis.manage',
  'diagnosis.audit',
  'report.review',
  'analysis.manage',
  'audit.read',
] as const;
export type Action = (typeof ACTIONS)[number];

export const ACTION_LABELS: Record<Action, string> = {
  'org.user.manage': '用户管理',
  'org.role.manage': '角色管理',
  'org.department.manage': '部门与用户类型管理',
  'org.setting.manage': '系统设置管理',
  'standards.manage': '目标标准维护',
  'diagnosis.manage': '诊断任务发布与管理',
  'diagnosis.audit': '质控点审核',
  'report.review': '质量报告学校审核',
  'analysis.manage': '智能分析维护',
  'audit.read': '审计日志查看',
};

/** Role ids fixed by spec 1 §6; the task roles have no ids in the spec and get readable ones. */
export const ROLE_IDS = {
  diagnosisPublisher: '2020003',
  diagnosisObject: '2020005',
  diagnosisAuditor: '2020004',
  admin: 'zyadmin',
  inSchoolExpert: '201907318',
  outsideExpert: '201907319',
  yearTargetPublisher: 'yearTargetPublisher',
  targetTaskDepartPrincipal: 'targetTaskDepartPrincipal',
  targetTaskDepartAuditor: 'targetTaskDepartAuditor',
  targetTaskPrincipal: 'targetTaskPrincipal',
  schoolLeader: 'schoolLeader',
} as const;

/** Granted by the server to anyone who heads a department; never stored. */
export const DEPARTMENT_HEAD_ROLE = { roleId: 'targetTaskDepart', roleName: '目标任务部门负责人' } as const;

export const DEFAULT_APP_ID = '001';
export const DEFAULT_SYSTEM_NAME = '教学质量监测分析平台';

export const SEX_VALUES = ['1', '2'] as const;
export type Sex = (typeof SEX_VALUES)[number];
export const SEX_LABELS: Record<Sex, string> = { '1': '男', '2': '女' };

/**
 * What the synthetic department-head role opens: the department's target tasks, and 数据采集, where the
 * head names the department's fillers of a collection task and audits what they commit.
 */
export const DEPARTMENT_HEAD_MENU_KEYS: readonly MenuKey[] = ['targetTaskManagement', 'dataCollection'];

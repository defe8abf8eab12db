import { ROLE_IDS } from '@eduqa/contract';

/**
 * The demo school: a fictional higher-vocational college. Every account signs in with
 * DEMO_PASSWORD and is listed in the README.
 */
export const DEMO_SCHOOL = '青禾职业技术学院（演示）';
export const DEMO_PASSWORD = 'Eduqa@2026';

export const DEMO_USER_TYPES = [
  { id: 'teacher', name: '教职工' },
  { id: 'manager', name: '管理人员' },
  { id: 'expert', name: '专家' },
];

export interface DemoDepartment {
  id: string;
  name: string;
  shortNameChinese: string;
  shortNameEnglish: string;
  head: string;
}

export const DEMO_DEPARTMENTS: DemoDepartment[] = [
  { id: 'd01', name: '党政办公室', shortNameChinese: '党政办', shortNameEnglish: 'PAO', head: 'zhaoming' },
  { id: 'd02', name: '教务处', shortNameChinese: '教务处', shortNameEnglish: 'AAO', head: 'qianli' },
  { id: 'd03', name: '质量管理办公室', shortNameChinese: '质量办', shortNameEnglish: 'QAO', head: 'sunhua' },
  { id: 'd04', name: '学生工作处', shortNameChinese: '学工处', shortNameEnglish: 'SAO', head: 'liqiang' },
  { id: 'd05', name: '人事处', shortNameChinese: '人事处', shortNameEnglish: 'HRO', head: 'zhoujing' },
  { id: 'd06', name: '科研与社会服务处', shortNameChinese: '科研处', shortNameEnglish: 'RSO', head: 'wuwei' },
  {
    id: 'd07',
    name: '信息技术中心',
    shortNameChinese: '信息中心',
    shortNameEnglish: 'ITC',
    head: 'zhengtao',
  },
  {
    id: 'd08',
    name: '机电工程学院',
    shortNameChinese: '机电学院',
    shortNameEnglish: 'SME',
    head: 'wangfang',
  },
  { id: 'd09', name: '信息工程学院', shortNameChinese: '信息学院', shortNameEnglish: 'SIE', head: 'fenglei' },
  { id: 'd10', name: '经济管理学院', shortNameChinese: '经管学院', shortNameEnglish: 'SEM', head: 'chenyu' },
  { id: 'd11', name: '艺术设计学院', shortNameChinese: '艺术学院', shortNameEnglish: 'SAD', head: 'chuxin' },
  { id: 'd12', name: '基础教学部', shortNameChinese: '基础部', shortNameEnglish: 'DBE', head: 'weilan' },
];

export interface DemoUser {
  account: string;
  name: string;
  departmentId: string;
  userTypeId: string;
  roles: string[];
  sex: '1' | '2';
  /** What this account is for, shown in the README table. */
  purpose: string;
}

const R = ROLE_IDS;

export const DEMO_USERS: DemoUser[] = [
  {
    account: 'admin',
    name: '系统管理员',
    departmentId: 'd07',
    userTypeId: 'manager',
    roles: [R.admin],
    sex: '1',
    purpose: '系统管理员，全部菜单与系统管理',
  },
  {
    account: 'zhaoming',
    name: '赵明',
    departmentId: 'd01',
    userTypeId: 'manager',
    roles: [R.schoolLeader, R.yearTargetPublisher],
    sex: '1',
    purpose: '校领导、年度目标发布者，党政办负责人',
  },
  {
    account: 'qianli',
    name: '钱丽',
    departmentId: 'd02',
    userTypeId: 'manager',
    roles: [R.diagnosisPublisher, R.targetTaskDepartPrincipal],
    sex: '2',
    purpose: '诊断发布者，教务处负责人',
  },
  {
    account: 'sunhua',
    name: '孙华',
    departmentId: 'd03',
    userTypeId: 'manager',
    roles: [R.diagnosisPublisher, R.diagnosisAuditor, R.yearTargetPublisher],
    sex: '1',
    purpose: '质量办负责人：诊断发布与审核、年度目标发布',
  },
  {
    account: 'liqiang',
    name: '李强',
    departmentId: 'd04',
    userTypeId: 'manager',
    roles: [R.targetTaskDepartPrincipal],
    sex: '1',
    purpose: '学工处负责人',
  },
  {
    account: 'zhoujing',
    name: '周静',
    departmentId: 'd05',
    userTypeId: 'manager',
    roles: [R.targetTaskDepartPrincipal],
    sex: '2',
    purpose: '人事处负责人',
  },
  {
    account: 'wuwei',
    name: '吴伟',
    departmentId: 'd06',
    userTypeId: 'manager',
    roles: [R.targetTaskDepartPrincipal],
    sex: '1',
    purpose: '科研处负责人',
  },
  {
    account: 'zhengtao',
    name: '郑涛',
    departmentId: 'd07',
    userTypeId: 'manager',
    roles: ['dataManager'],
    sex: '1',
    purpose: '信息中心负责人、数据管理员',
  },
  {
    account: 'wangfang',
    name: '王芳',
    departmentId: 'd08',
    userTypeId: 'teacher',
    roles: [R.diagnosisObject, R.targetTaskDepartPrincipal],
    sex: '2',
    purpose: '机电学院院长',
  },
  {
    account: 'fenglei',
    name: '冯磊',
    departmentId: 'd09',
    userTypeId: 'teacher',
    roles: [R.diagnosisObject, R.targetTaskDepartPrincipal],
    sex: '1',
    purpose: '信息学院院长',
  },
  {
    account: 'chenyu',
    name: '陈雨',
    departmentId: 'd10',
    userTypeId: 'teacher',
    roles: [R.diagnosisObject, R.targetTaskDepartPrincipal],
    sex: '2',
    purpose: '经管学院院长',
  },
  {
    account: 'chuxin',
    name: '褚欣',
    departmentId: 'd11',
    userTypeId: 'teacher',
    roles: [R.diagnosisObject, R.targetTaskDepartPrincipal],
    sex: '2',
    purpose: '艺术学院院长',
  },
  {
    account: 'weilan',
    name: '卫岚',
    departmentId: 'd12',
    userTypeId: 'teacher',
    roles: [R.diagnosisObject, R.targetTaskDepartPrincipal],
    sex: '2',
    purpose: '基础部主任',
  },
  {
    account: 'jiangwen',
    name: '蒋文',
    departmentId: 'd03',
    userTypeId: 'manager',
    roles: [R.diagnosisAuditor],
    sex: '1',
    purpose: '诊断审核者',
  },
  {
    account: 'shenyue',
    name: '沈悦',
    departmentId: 'd03',
    userTypeId: 'manager',
    roles: [R.targetTaskDepartAuditor],
    sex: '2',
    purpose: '目标任务部门审核人',
  },
  {
    account: 'hanbing',
    name: '韩冰',
    departmentId: 'd02',
    userTypeId: 'manager',
    roles: [R.targetTaskPrincipal],
    sex: '2',
    purpose: '目标任务负责人',
  },
  {
    account: 'yangguang',
    name: '杨光',
    departmentId: 'd08',
    userTypeId: 'teacher',
    roles: [R.targetTaskPrincipal, R.diagnosisObject],
    sex: '1',
    purpose: '目标任务负责人、诊断对象（专业带头人）',
  },
  {
    account: 'zhuqing',
    name: '朱青',
    departmentId: 'd02',
    userTypeId: 'teacher',
    roles: [R.inSchoolExpert],
    sex: '2',
    purpose: '校内专家',
  },
  {
    account: 'qinshan',
    name: '秦山',
    departmentId: 'd06',
    userTypeId: 'teacher',
    roles: [R.inSchoolExpert],
    sex: '1',
    purpose: '校内专家',
  },
  {
    account: 'youhai',
    name: '尤海',
    departmentId: 'd03',
    userTypeId: 'expert',
    roles: [R.outsideExpert],
    sex: '1',
    purpose: '校外专家',
  },
  {
    account: 'xuyan',
    name: '许燕',
    departmentId: 'd03',
    userTypeId: 'expert',
    roles: [R.outsideExpert],
    sex: '2',
    purpose: '校外专家',
  },
  {
    account: 'hejun',
    name: '何军',
    departmentId: 'd07',
    userTypeId: 'manager',
    roles: ['dataManager'],
    sex: '1',
    purpose: '数据管理员',
  },
  {
    account: 'lvping',
    name: '吕萍',
    departmentId: 'd02',
    userTypeId: 'manager',
    roles: ['dataCollector'],
    sex: '2',
    purpose: '数据填报员',
  },
  {
    account: 'shiyu',
    name: '施宇',
    departmentId: 'd04',
    userTypeId: 'manager',
    roles: ['dataCollector'],
    sex: '1',
    purpose: '数据填报员',
  },
  ...[
    ['zhangwei', '张伟', 'd08', '1'],
    ['kongjie', '孔洁', 'd08', '2'],
    ['caohui', '曹慧', 'd08', '2'],
    ['yanbo', '严博', 'd09', '1'],
    ['huamin', '华敏', 'd09', '2'],
    ['jinpeng', '金鹏', 'd09', '1'],
    ['weiting', '魏婷', 'd10', '2'],
    ['taoran', '陶然', 'd10', '1'],
    ['jiangli', '姜丽', 'd10', '2'],
    ['qixiang', '戚翔', 'd11', '1'],
    ['xieyun', '谢芸', 'd11', '2'],
    ['zouqi', '邹琦', 'd12', '2'],
    ['yuhang', '喻航', 'd12', '1'],
    ['baixue', '柏雪', 'd12', '2'],
    ['shuijing', '水晶', 'd09', '2'],
    ['luoxia', '罗霞', 'd11', '2'],
  ].map(([account, name, departmentId, sex]) => ({
    account: account!,
    name: name!,
    departmentId: departmentId!,
    userTypeId: 'teacher',
    roles: [R.diagnosisObject, 'dataCollector'],
    sex: sex as '1' | '2',
    purpose: '教师：诊断对象、数据填报',
  })),
];

/** Diagnosis task states (spec 1 §4): normal (open), pause (interrupted), finished. */
export const TASK_STATES = ['normal', 'pause', 'finished'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const TASK_STATE_LABELS: Record<TaskState, string> = {
  normal: '执行中',
  pause: '已暂停',
  finished: '已结束',
};

/** Audit of an assigned point (spec 2 §4): submit, pass, refuse. */
export const AUDIT_STATES = ['draft', 'submitted', 'passed', 'refused'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];
export const AUDIT_STATE_LABELS: Record<AuditState, string> = {
  draft: '未提交',
  submitted: '待审核',
  passed: '审核通过',
  refused: '审核不通过',
};

/** Attachment stages (spec 2 §4) and the client's stage keys that map onto them. */
export const FILE_STAGES = ['standard', 'warning', 'diagnosis', 'unfinish', 'disqualified'] as const;
export type FileStage = (typeof FILE_STAGES)[number];
export const STAGE_KEYS = {
  mbbz: 'standard',
  jcyj: 'warning',
  zwzd: 'diagnosis',
  zjgj: 'diagnosis',
  unfinish: 'unfinish',
  disqualified: 'disqualified',
} as const satisfies Record<string, FileStage>;
export type StageKey = keyof typeof STAGE_KEYS;
/** The four groups of the attachment dialog (spec 2 §2.6); the last holds two stages. */
export const FILE_STAGE_GROUPS: ReadonlyArray<{ title: string; stages: readonly FileStage[] }> = [
  { title: '目标标准', stages: ['standard'] },
  { title: '监测预警', stages: ['warning'] },
  { title: '自我诊断', stages: ['diagnosis'] },
  { title: '总结改进', stages: ['unfinish', 'disqualified'] },
];
/** The stage an upload goes to, as the upload's stage select names it (the group, and which half of 总结改进). */
export const FILE_STAGE_LABELS: Record<FileStage, string> = {
  standard: '目标标准',
  warning: '监测预警',
  diagnosis: '自我诊断',
  unfinish: '总结改进（未完成）',
  disqualified: '总结改进（未达标）',
};

/** Page types of spec 2 §6. */
export const TASK_PAGE_TYPES = [
  'yearTask',
  'myYearTask',
  'warningTask',
  'myTask',
  'departmentTask',
  'departmentCooperativeTask',
  'myCooperativeTask',
] as const;
export type TaskPageType = (typeof TASK_PAGE_TYPES)[number];
export const TASK_PAGE_TYPE_LABELS: Record<TaskPageType, string> = {
  yearTask: '年度任务',
  myYearTask: '我的年度任务',
  warningTask: '预警任务',
  myTask: '我的任务',
  departmentTask: '部门任务',
  departmentCooperativeTask: '部门协同任务',
  myCooperativeTask: '我的协同任务',
};

/** Spec 2 §5, §9: cause and improvement texts. */
export const DIAGNOSIS_TEXT_MAX = 500;
export const DIAGNOSIS_TEXT_MESSAGES = {
  required: '此项必填',
  tooLong: `最多只能输入${DIAGNOSIS_TEXT_MAX}个字符`,
  placeholder: `请输入，最多${DIAGNOSIS_TEXT_MAX}个字符`,
} as const;

/** Attachments (spec 2 §5, §9). Sizes in MB: the shared configuration's 10 (normal) and 50 (maximum). */
export const ATTACHMENT_EXTENSIONS = [
  'gif',
  'jpg',
  'png',
  'txt',
  'doc',
  'docx',
  'wps',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'pdf',
  'rar',
  'zip',
] as const;
export const PREVIEW_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'pdf'] as const;
export const NORMAL_UPLOAD_MB = 10;
export const MAX_UPLOAD_MB = 50;
export const CHUNK_SIZE = 614_400;
export const CHUNK_THREADS = 3;
export const CHUNK_START_DELAY_MS = 1000;
export const MERGE_POLL_MS = 1000;
/** The merge answer's message while the merge is still running (the spec's own spelling). */
export const MERGE_WAITING = 'waitting';

export const ATTACHMENT_MESSAGES = {
  wrongType: (formats: readonly string[]) => `只能上传${formats.join('、')}的文件`,
  simpleWrongType: '文件类型错误',
  tooLarge: (file: string, mb: number) => `'${file}'文件大小超过${mb}MB`,
  empty: '文件为空',
  noneChosen: '请先选取文件!',
  uploadFailed: (file: string) => `'${file}' 上传失败!`,
  chunkFailed: (file: string) => `上传'${file}'失败!`,
  saved: '导入成功！',
  downloadFailed: '下载失败!',
  zipName: (pointName: string) => `${pointName}支撑附件`,
  noFiles: '暂无上传附件',
} as const;

export const TABLE_EMPTY_TEXT = '暂无数据';
export const TABLE_SCROLL = { x: 1700, y: 600 } as const;
export const SAMPLING_TREND_WINDOW = 7;

/** Warning types of the warning centre (spec 2 §4). */
export const WARNING_STATES = ['all', 'pending', 'handled'] as const;
export type WarningState = (typeof WARNING_STATES)[number];

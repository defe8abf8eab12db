/**
 * The option sets of the form service (spec 1 §3–§4, base /api/herm-sjcj), with their wire values and
 * the Chinese labels every Select and filter shows.
 */

/** floating: one record per filler or object (教师基本信息); fixed: many rows (科研项目登记). */
export const FORM_TYPES = ['floating', 'fixed'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FORM_TYPE_LABELS: Record<FormType, string> = { floating: '浮动表单', fixed: '固定表单' };

export const COMPONENT_TYPES = [
  'text',
  'editor',
  'inputSelect',
  'select',
  'multiSelect',
  'email',
  'url',
  'phone',
  'integer',
  'float',
  'date',
  'month',
  'year',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export const COMPONENT_LABELS: Record<ComponentType, string> = {
  text: '单行文本',
  editor: '多行文本',
  inputSelect: '可输入下拉',
  select: '下拉单选',
  multiSelect: '下拉多选',
  email: '邮箱',
  url: '网址',
  phone: '电话',
  integer: '整数',
  float: '小数',
  date: '日期',
  month: '月份',
  year: '年份',
};

/** Components whose options come from a constant type (data-source type `constant`). */
export const OPTION_COMPONENTS: readonly ComponentType[] = ['inputSelect', 'select', 'multiSelect'];

export const VALIDATION_TYPES = ['require', 'unique', 'custom'] as const;
export type ValidationType = (typeof VALIDATION_TYPES)[number];
export const VALIDATION_LABELS: Record<ValidationType, string> = {
  require: '必填',
  unique: '唯一',
  custom: '自定义',
};

export const DATA_SOURCE_TYPES = ['constant'] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

/** syn: audited data is copied into the form's warehouse table; unsyn: it stays in the collection store. */
export const SYNC_TYPES = ['syn', 'unsyn'] as const;
export type SyncType = (typeof SYNC_TYPES)[number];
export const SYNC_TYPE_LABELS: Record<SyncType, string> = { syn: '同步到数据仓库', unsyn: '不同步' };

export const LAYOUT_MODES = ['normal', 'table', 'tree', 'topology'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];
export const LAYOUT_MODE_LABELS: Record<LayoutMode, string> = {
  normal: '表单',
  table: '表格',
  tree: '树形',
  topology: '拓扑',
};

export const VIEW_MODES = ['normal', 'add', 'edit', 'preview'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const VIEW_MODE_LABELS: Record<ViewMode, string> = {
  normal: '查看',
  add: '新增',
  edit: '编辑',
  preview: '预览',
};

export const FORM_PUBLISH_STATES = ['unpublished', 'published'] as const;
export type FormPublishState = (typeof FORM_PUBLISH_STATES)[number];
export const FORM_PUBLISH_LABELS: Record<FormPublishState, string> = {
  unpublished: '未发布',
  published: '已发布',
};

export const FORM_AUDIT_STATES = ['unaudited', 'audited'] as const;
export type FormAuditState = (typeof FORM_AUDIT_STATES)[number];
export const FORM_AUDIT_LABELS: Record<FormAuditState, string> = { unaudited: '未审核', audited: '已审核' };

/** Collection task: normal (open), pause (interrupted), finished. */
export const COLLECT_TASK_STATES = ['normal', 'pause', 'finished'] as const;
export type CollectTaskState = (typeof COLLECT_TASK_STATES)[number];
export const COLLECT_TASK_STATE_LABELS: Record<CollectTaskState, string> = {
  normal: '进行中',
  pause: '已暂停',
  finished: '已结束',
};

/**
 * A department's share of a task: the head has not yet named its fillers (unallocated), has (allocated),
 * or the data manager has accepted the department's audited data (audited).
 */
export const ALLOCATION_STATES = ['unallocated', 'allocated', 'audited'] as const;
export type AllocationState = (typeof ALLOCATION_STATES)[number];
export const ALLOCATION_STATE_LABELS: Record<AllocationState, string> = {
  unallocated: '待分配',
  allocated: '已分配',
  audited: '已审核',
};

export const FILL_STATES = ['uncommitted', 'unaudited', 'rollback', 'finished'] as const;
export type FillState = (typeof FILL_STATES)[number];
export const FILL_STATE_LABELS: Record<FillState, string> = {
  uncommitted: '未提交',
  unaudited: '待审核',
  rollback: '已退回',
  finished: '已完成',
};

/** 办学层次 of the national list (spec 1 §3 option list schoolLevel). */
export const SCHOOL_LEVELS = ['本科', '专科', '成人'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

/** 办学性质 (schoolNature), derived from the national list's note: 民办, 中外合作办学…, else 公办. */
export const SCHOOL_NATURES = ['公办', '民办', '中外合作'] as const;
export type SchoolNature = (typeof SCHOOL_NATURES)[number];

/** Where a row of the school directory came from. */
export const PEER_SCHOOL_SOURCES = ['moe', 'import', 'own'] as const;
export type PeerSchoolSource = (typeof PEER_SCHOOL_SOURCES)[number];

/** The school-selection year default (spec 1 §9). */
export const DEFAULT_ANALYSIS_START_YEAR = 2017;

/**
 * 质量年报 tables; spec 1 §9 maps the indicator categories onto them (人才培养 → 计分卡, 教学条件 → 资源表,
 * 国际交流 → 国际影响表, 社会服务 → 服务贡献表, 政策落实 → 落实政策表).
 */
export const PEER_TABLE_KINDS = ['scorecard', 'resource', 'service', 'policy', 'international'] as const;
export type PeerTableKind = (typeof PEER_TABLE_KINDS)[number];
export const PEER_TABLE_KIND_LABELS: Record<PeerTableKind, string> = {
  scorecard: '计分卡',
  resource: '资源表',
  service: '服务贡献表',
  policy: '落实政策表',
  international: '国际影响表',
};
export const PEER_TABLE_CATEGORY_LABELS: Record<PeerTableKind, string> = {
  scorecard: '人才培养',
  resource: '教学条件',
  service: '社会服务',
  policy: '政策落实',
  international: '国际交流',
};

/** 分析类型 of the school selection (spec 1 §4): 2, 4, 5, 6 keep a year and a school name; 6 a rank range too. */
export const ANALYSIS_TYPES = ['1', '2', '3', '4', '5', '6'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];
export const ANALYSIS_TYPE_LABELS: Record<AnalysisType, string> = {
  '1': '指标对比',
  '2': '竞争对手分析',
  '3': '趋势分析',
  '4': '排名分析',
  '5': '均值分析',
  '6': '双高对标',
};
export const ANALYSIS_TYPES_WITH_YEAR: readonly AnalysisType[] = ['2', '4', '5', '6'];

/** 双高 rank ranges of analysis type 6; the default is highSchoolConstructionLevelA. */
export const DOUBLE_HIGH_RANGES = [
  'highSchoolConstructionLevelA',
  'highSchoolConstructionLevelB',
  'highSchoolConstructionLevelC',
  'highMajorConstructionLevelA',
  'highMajorConstructionLevelB',
  'highMajorConstructionLevelC',
] as const;
export type DoubleHighRange = (typeof DOUBLE_HIGH_RANGES)[number];
export const DEFAULT_DOUBLE_HIGH_RANGE: DoubleHighRange = 'highSchoolConstructionLevelA';
export const DOUBLE_HIGH_RANGE_LABELS: Record<DoubleHighRange, string> = {
  highSchoolConstructionLevelA: '高水平学校建设单位（A档）',
  highSchoolConstructionLevelB: '高水平学校建设单位（B档）',
  highSchoolConstructionLevelC: '高水平学校建设单位（C档）',
  highMajorConstructionLevelA: '高水平专业群建设单位（A档）',
  highMajorConstructionLevelB: '高水平专业群建设单位（B档）',
  highMajorConstructionLevelC: '高水平专业群建设单位（C档）',
};

/** The percentile bands of 目标定位 ("where should our target be"). */
export const PERCENTILE_BANDS = [25, 50, 75, 90] as const;

/** 画像 entries and their subjects. */
export const PORTRAIT_KINDS = ['card', 'menu', 'screen'] as const;
export type PortraitKind = (typeof PORTRAIT_KINDS)[number];
export const PORTRAIT_KIND_LABELS: Record<PortraitKind, string> = {
  card: '卡片',
  menu: '菜单',
  screen: '大屏',
};
export const PORTRAIT_SUBJECTS = ['school', 'major', 'course', 'teacher', 'student'] as const;
export type PortraitSubject = (typeof PORTRAIT_SUBJECTS)[number];
export const PORTRAIT_SUBJECT_LABELS: Record<PortraitSubject, string> = {
  school: '学校画像',
  major: '专业画像',
  course: '课程画像',
  teacher: '教师画像',
  student: '学生画像',
};

/** Portrait grade labels (spec 2 §2.8). */
export const PORTRAIT_GRADES = ['excellent', 'good', 'qualified', 'unqualified', 'unrated'] as const;
export type PortraitGrade = (typeof PORTRAIT_GRADES)[number];
export const PORTRAIT_GRADE_LABELS: Record<PortraitGrade, string> = {
  excellent: '优秀',
  good: '良好',
  qualified: '合格',
  unqualified: '不合格',
  unrated: '未评',
};

/** Shown on every screen that shows the seeded sample of peer values. */
export const DEMO_DATA_LABEL = '演示数据';

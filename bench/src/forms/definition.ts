import type { FormField } from '@eduqa/contract';

/**
 * The large floating form of the fill benchmark: a college's 教师年度综合信息表, 200 fields mixing the 13
 * components in about the proportions a real survey has (mostly short text, numbers, dates and choices,
 * a few long texts), with required fields, a few unique ones and custom patterns. Deterministic, so two
 * runs measure the same form.
 */

type Component = FormField['component'];
/** A field as the form's create call takes it; the contract defaults whatever else a field has. */
type Draft = Pick<FormField, 'key' | 'label' | 'component' | 'span' | 'validations' | 'options'> & {
  help: string;
  defaultValue: string;
};

/** How many fields of each component, 200 in all. */
const MIX: ReadonlyArray<[Component, number]> = [
  ['text', 50],
  ['select', 25],
  ['integer', 25],
  ['float', 15],
  ['date', 15],
  ['editor', 10],
  ['inputSelect', 10],
  ['multiSelect', 10],
  ['phone', 10],
  ['year', 9],
  ['email', 8],
  ['month', 8],
  ['url', 5],
];

const LABELS: Record<Component, readonly string[]> = {
  text: [
    '姓名',
    '曾用名',
    '籍贯',
    '毕业院校',
    '所学专业',
    '主讲课程',
    '研究方向',
    '荣誉称号',
    '项目名称',
    '证书编号',
  ],
  editor: ['工作总结', '教学改革情况', '科研成果简述', '社会服务情况', '个人发展规划'],
  inputSelect: ['职务', '学科门类', '获奖等级'],
  select: ['职称', '学历', '项目类型', '满意度'],
  multiSelect: ['任教层次', '指导竞赛类别'],
  email: ['电子邮箱', '备用邮箱'],
  url: ['个人主页', '成果链接'],
  phone: ['手机号码', '办公电话', '紧急联系电话'],
  integer: ['授课学时', '指导学生数', '论文篇数', '专利件数', '培训人次'],
  float: ['科研经费（万元）', '绩效得分', '课时津贴（元）'],
  date: ['出生日期', '入职日期', '立项日期', '结题日期', '获证日期'],
  month: ['开始年月', '结束年月'],
  year: ['参加工作年份', '评定年份'],
};

/** Where each component takes its options from (the demo school's constant types, by code). */
const OPTION_CODES: Partial<Record<Component, readonly string[]>> = {
  select: ['zc', 'xl', 'xmlx', 'myd'],
  multiSelect: ['xmlx', 'myd'],
  inputSelect: ['zc', 'xl'],
};

/** Custom patterns a data manager writes for text fields (valid with the `u` flag, as the contract checks). */
const PATTERNS = [
  { pattern: '^[\\p{Script=Han}A-Za-z·]{2,20}$', message: '请输入2到20个汉字或字母' },
  { pattern: '^[A-Za-z0-9-]{4,30}$', message: '只能包含字母、数字和连字符' },
];

const SPANS: Record<Component, FormField['span']> = {
  text: 8,
  editor: 24,
  inputSelect: 8,
  select: 6,
  multiSelect: 12,
  email: 12,
  url: 12,
  phone: 8,
  integer: 6,
  float: 6,
  date: 6,
  month: 6,
  year: 6,
};

/** A small deterministic shuffle (mulberry32), so the components interleave as in a real form. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export interface BenchForm {
  fields: Draft[];
  /** Text-like fields spread over the form (first, last and between), where the benchmark types. */
  typingKeys: string[];
}

/**
 * The 200 fields. `constantTypeIds` maps a constant type's code to its id. The last field is a plain
 * text field, so "the 200th field accepts input" is the same test on every run; the typing targets are
 * the text or editor fields nearest to `typingTargets` evenly spread positions.
 */
export function benchFormFields(constantTypeIds: Record<string, string>, typingTargets = 6): BenchForm {
  const components = shuffled(
    MIX.flatMap(([component, count]) => Array.from({ length: count }, () => component)),
    2026,
  );
  // The last one text; the text it displaced takes its place.
  const lastText = components.lastIndexOf('text');
  components[lastText] = components[components.length - 1] as Component;
  components[components.length - 1] = 'text';

  const seen = new Map<Component, number>();
  let uniques = 0;
  let patterns = 0;
  const fields = components.map((component, index): Draft => {
    const nth = seen.get(component) ?? 0;
    seen.set(component, nth + 1);
    const names = LABELS[component];
    const base = names[nth % names.length] as string;
    const round = Math.floor(nth / names.length);
    const label = round === 0 ? base : `${base}${round + 1}`;
    const validations: FormField['validations'] = [];
    // About 40 % required; three unique codes; a custom pattern on every fifth text field.
    if (index % 5 < 2) validations.push({ type: 'require' });
    if ((component === 'text' || component === 'email') && uniques < 3 && nth % 17 === 3) {
      validations.push({ type: 'unique' });
      uniques += 1;
    } else if (component === 'text' && nth % 5 === 1) {
      validations.push({
        ...(PATTERNS[patterns % PATTERNS.length] as (typeof PATTERNS)[number]),
        type: 'custom',
      });
      patterns += 1;
    }
    const codes = OPTION_CODES[component];
    const code = codes?.[nth % codes.length];
    const constantTypeId = code ? constantTypeIds[code] : undefined;
    if (code && !constantTypeId) throw new Error(`no constant type ${code}`);
    return {
      key: `f${String(index + 1).padStart(3, '0')}`,
      label,
      component,
      help: component === 'editor' ? '500 字以内' : '',
      defaultValue: '',
      span: SPANS[component],
      validations,
      options: constantTypeId ? { source: 'constant', constantTypeId } : null,
    };
  });

  const typable = (f: Draft) =>
    (f.component === 'text' || f.component === 'editor') && !f.validations.some((v) => v.type === 'custom');
  const typingKeys: string[] = [];
  for (let n = 0; n < typingTargets; n++) {
    const target = Math.round((n * (fields.length - 1)) / Math.max(1, typingTargets - 1));
    const nearest = fields
      .map((f, i) => ({ f, distance: Math.abs(i - target) }))
      .filter(({ f }) => typable(f) && !typingKeys.includes(f.key))
      .sort((a, b) => a.distance - b.distance)[0];
    if (nearest) typingKeys.push(nearest.f.key);
  }
  return { fields, typingKeys };
}

import { describe, expect, it } from 'vitest';

/**
 * The spec's pinyin field names (GLOSSARY.md "Field names", plus those the contract's `*.wire.ts`
 * use) belong to the wire: a feature's api.ts maps them to English once, and nothing else in the web
 * app reads or writes them. The list is copied here because CI cannot read the glossary. `calRule` /
 * `dxLevel` are left out: the English schemas share that grading-rule shape with the wire.
 */
const WIRE_NAMES = [
  ...['zkdid', 'zkdmc', 'zgzkdid', 'zgzkkid', 'nh', 'zdbz', 'rwid', 'rwmc', 'rwlx', 'rwlxmc'],
  ...['gzdxid', 'gzdxmc', 'dxrwid', 'bzz', 'mbz', 'xzmbz', 'jgz', 'xzjgz', 'jgdj', 'sljsz', 'sldj'],
  ...['dis', 'unfin', 'yyfx', 'gjcs', 'clcs', 'lb', 'gxrmc', 'zlx', 'sfdl', 'fsdl', 'fsjzxz', 'xsfs'],
  ...['yjlx', 'yjtj', 'yjz', 'yjzq', 'yjsj', 'clsj', 'clrmc', 'allNum', 'disposeNum', 'undisposeNum'],
  ...['sj', 'cjz', 'ration', 'jsgz', 'jsfs', 'qwfx', 'cjfs', 'shzt', 'shyj', 'reportHeaderVos'],
  ...['cjmc', 'cjname', 'cjdmid', 'fhjg', 'cjsj', 'zkdzsl', 'zkdhglList', 'zkddbqkList'],
  ...['zgQualitiesRankList', 'zb', 'wdbzkdsl', 'wdbzkdmcs', 'wdbzkdejzbs', 'wcl', 'zkdwcqkList'],
  ...['wwczkdsl', 'wwczkdmcs', 'wwczkdejzbs', 'yjcll', 'yjqkList', 'yjcs', 'zkdyjcs', 'lxmc'],
  ...['bmid', 'bmmc', 'fzrid', 'fzrmc', 'mc', 'wjlx', 'fjId', 'lxId', 'fjlx', 'bh', 'fName', 'bz'],
  ...['yxqx', 'sfzid', 'sfbb', 'tbsj', 'lw', 'yjlxmc', 'yjlxms', 'px', 'ck', 'ckb', 'ckbzd'],
  ...['drbjg', 'drbsj', 'dcbjg', 'dcbsj', 'cjwlb', 'scwlb', 'ybp', 'ybplx', 'ybpdy', 'selectbyshjd'],
  ...['mbbz', 'jcyj', 'zwzd', 'zjgj', 'sharePos', 'datasourceVos', 'warningVo', 'warningFlowVos'],
  ...['qualityFileList', 'pk_Dimension_Id', 'dimension_Name', 'display_Name'],
];

const names = WIRE_NAMES.join('|');
/**
 * A wire name used as a field: `.name`, `name:` / `name?:`, a quoted `'name'`, or a shorthand or
 * destructured `{ name }` — so `sj` or `dis` inside ordinary words and Chinese text do not count.
 */
const FIELD_USE = new RegExp(
  `\\.(${names})\\b|\\b(${names})\\s*\\??:|(['"\`])(${names})\\3|[{,]\\s*(${names})\\s*(?=[,}=])`,
  'g',
);

/** The wire names a source text uses as fields, in order of appearance. */
function wireNamesIn(source: string): string[] {
  return [...source.matchAll(FIELD_USE)].map((m) => m[1] ?? m[2] ?? m[4] ?? m[5] ?? '');
}

const sources = import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Where the wire may be spoken: a feature's api.ts, a wire file, and this list. */
const mayUseWire = (path: string) =>
  /(^|\/)api\.ts$/.test(path) || path.endsWith('.wire.ts') || path.endsWith('/wire-names.test.ts');

describe('wire names', () => {
  it('finds a wire name used as a field in every written form', () => {
    const seeded = [
      'const name = row.zkdmc;',
      'const rule = point?.warningVo;',
      "{ key: 'xzjgz', title: '修正结果值' }",
      '{ rwmc: values.name }',
      'type Row = { dis?: boolean }',
      'const { gzdxmc, mbz } = row;',
      'const query = { sj };',
    ].join('\n');
    expect(wireNamesIn(seeded)).toEqual([
      'zkdmc',
      'warningVo',
      'xzjgz',
      'rwmc',
      'dis',
      'gzdxmc',
      'mbz',
      'sj',
    ]);
  });

  it('does not take ordinary words, identifiers or Chinese text for wire names', () => {
    const ordinary = [
      "const display = distance.dismiss(list, 'disabled');",
      'const mcs = sjx + bzz2; // 采样时间 sj 与 mbz 在注释里不算',
      "className={'dq-row-dis'}",
      'const px = 12;',
    ].join('\n');
    expect(wireNamesIn(ordinary)).toEqual([]);
  });

  it('keeps wire names inside api.ts and *.wire.ts', () => {
    const found = Object.entries(sources)
      .filter(([path]) => !mayUseWire(path))
      .flatMap(([path, text]) => [...new Set(wireNamesIn(text))].map((name) => `${path}: ${name}`));
    expect(found).toEqual([]);
  });
});

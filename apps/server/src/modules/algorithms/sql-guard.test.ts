import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { HOSTILE_PG } from './hostile-sql.ts';
import { detectParameters, guardSql } from './sql-guard.ts';

const pg = { dialect: 'postgresql', builtin: true } as const;
const pgExternal = { dialect: 'postgresql', builtin: false } as const;
const my = { dialect: 'mysql', builtin: false } as const;

async function refusal(text: string, options: Parameters<typeof guardSql>[1] = pg): Promise<string> {
  try {
    await guardSql(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('UNPROCESSABLE');
    return (error as AppError).message;
  }
  throw new Error(`not refused: ${text}`);
}

describe('the SQL guard (PostgreSQL, real parser)', () => {
  it.each(HOSTILE_PG)('refuses %s', async (text, reason) => {
    expect(await refusal(text)).toMatch(reason);
  });

  it('allows WITH RECURSIVE: the time limit ends it on every database, PGlite included', async () => {
    const text = 'with recursive t(n) as (select 1 union all select n + 1 from t) select count(*) from t';
    await expect(guardSql(text, pg)).resolves.toBeTruthy();
  });

  it.each([
    ['select xmlparse(document \'<!DOCTYPE a [<!ENTITY e SYSTEM "/etc/passwd">]><a>&e;</a>\')', /XML 表达式/],
    ["select xmlserialize(document '<a/>' as text)", /XMLSERIALIZE/],
    ["select * from xmltable('/a' passing '<a/>' columns x int path '.')", /XMLTABLE/],
    ['select * from dw.scores tablesample system (10)', /TABLESAMPLE/],
    ["select json_object('a': 1)", /JSON_OBJECT/],
    ["select * from json_table('[1]', '$[*]' columns (x int path '$')) j", /JSON_TABLE|不支持的 SQL 结构/],
  ])('refuses %s by its kind of node (default-deny)', async (text, reason) => {
    expect(await refusal(text)).toMatch(reason);
  });

  it('binds named parameters as $n in order, ignoring colons in strings, comments and casts', async () => {
    const guarded = await guardSql(
      "select count(*)::int as value, ':year' as s /* :cycleEnd */ from dw.scores where object_id = :objectId and year = :year and day between :cycleStart and :cycleEnd and x = :objectId -- :departmentId",
      pg,
    );
    expect(guarded.bindings).toEqual(['objectId', 'year', 'cycleStart', 'cycleEnd', 'objectId']);
    expect(guarded.parameters).toEqual(['objectId', 'year', 'cycleStart', 'cycleEnd']);
    expect(guarded.text).toContain('object_id = $1 and year = $2');
    expect(guarded.text).toContain("':year'");
  });

  it('binds parameters after Chinese aliases and literals (the scanner counts bytes)', async () => {
    const guarded = await guardSql(
      `select c_xm as "姓名", '横向' as "类型" from dw.t where c_gh = :objectCode and c_day <= :cycleEnd`,
      pg,
    );
    expect(guarded.text).toBe(
      `select c_xm as "姓名", '横向' as "类型" from dw.t where c_gh = $1 and c_day <= $2`,
    );
    expect(guarded.bindings).toEqual(['objectCode', 'cycleEnd']);
  });

  it('allows warehouse reads with aggregates, dates, windows and conditionals', async () => {
    await expect(
      guardSql(
        "with s as (select * from dw.scores where term_start >= :cycleStart) select coalesce(round(avg(score), 2), 0) as value, extract(year from now()), case when count(*) > 0 then 'y' end, row_number() over (order by 1) from s;",
        pg,
      ),
    ).resolves.toMatchObject({ parameters: ['cycleStart'] });
  });

  it('allows qualified columns, which only look like the attribute notation of a call', async () => {
    await expect(guardSql('select s.score, (s.payload).total from dw.scores s', pg)).resolves.toBeTruthy();
  });

  it('allows other schemas on an external PostgreSQL, but never its catalogs', async () => {
    await expect(guardSql('select * from hr.teachers', pgExternal)).resolves.toBeTruthy();
    expect(await refusal('select * from pg_catalog.pg_user', pgExternal)).toMatch(/系统表/);
  });

  it('lists the parameters a statement uses', async () => {
    expect(await detectParameters('select :year, :objectCode, :year', 'postgresql')).toEqual([
      'year',
      'objectCode',
    ]);
  });
});

const HOSTILE_MYSQL: Array<[string, RegExp]> = [
  ['update t set a = 1', /只允许一条 SELECT/],
  ['delete from t', /只允许一条 SELECT/],
  ['drop table t', /只允许一条 SELECT/],
  ['select 1; select 2', /只允许一条 SELECT/],
  ['select sleep(10)', /不允许调用函数 sleep/],
  ["select benchmark(100000000, md5('a'))", /不允许调用函数 benchmark/],
  ["select load_file('/etc/passwd')", /不允许调用函数 load_file/],
  ['select 1 into @x', /SELECT INTO|变量/],
  ["select * from t into outfile '/tmp/x'", /SELECT INTO|语法错误/],
  ['select * from t for update', /加锁/],
  ['select * from mysql.user', /系统表/],
  ['select * from information_schema.tables', /系统表/],
  ['select 1 /*!, sleep(10) */', /可执行注释/],
  ['select @@version', /变量/],
  ['select ?', /命名参数/],
  ['select :secret', /未知参数/],
  // The parser and MySQL read these differently: each is refused before the parser sees it.
  ["select 1 --1, convert(load_file('/etc/passwd') using utf8mb4) as v", /-- 后必须有空格/],
  ['select 1 --1, sleep(3)', /-- 后必须有空格/],
  ["select 'a\\'', sleep(3) -- '", /反斜杠/],
  ['select \\N', /反斜杠/],
  ['select /*M!100000 sleep(1) */ 1', /可执行注释/],
  ["select /*+ SET_VAR(sql_mode='') */ 1", /优化器提示/],
  ['select {fn now()}', /转义语法/],
  ['select @a := 1', /变量/],
  ["select 'unclosed", /引号没有闭合/],
  ['select 1 /* unclosed', /注释/],
  ['select * from `mysql`.user', /系统表/],
  // MariaDB's replace() runs on past the kill of the time limit (hours on a grown text).
  ["select replace(name, ' ', '') as v from t", /replace.*无法被超时终止/],
  ["select length(replace(replace('xx', 'x', 'xxxxxxxxxx'), 'x', 'xxxxxxxxxx')) as v", /replace/],
];

describe('the SQL guard (MySQL / MariaDB)', () => {
  it.each(HOSTILE_MYSQL)('refuses %s', async (text, reason) => {
    expect(await refusal(text, my)).toMatch(reason);
  });

  it('binds named parameters as ? in order, not inside strings or comments', async () => {
    const guarded = await guardSql(
      "select count(*) as value, ':year' from scores where code = :objectCode and year = :year # :cycleEnd\n;",
      my,
    );
    expect(guarded.bindings).toEqual(['objectCode', 'year']);
    expect(guarded.text).toContain('code = ? and year = ?');
    expect(guarded.text.endsWith(';')).toBe(false);
  });

  it('runs the comment-free text the parser checked, and allows ordinary reads', async () => {
    const guarded = await guardSql(
      "select avg(score) as value -- the mean\nfrom scores /* all */ where code = :objectCode and exists (select 1) and 'it''s' <> '' # end",
      my,
    );
    expect(guarded.text).toBe(
      "select avg(score) as value  \nfrom scores   where code = ? and exists (select 1) and 'it''s' <> ''",
    );
    await expect(
      guardSql(
        'select sum(a) over (order by b rows between 1 preceding and current row), cast(a as char) from t',
        my,
      ),
    ).resolves.toBeTruthy();
  });
});

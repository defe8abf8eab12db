/**
 * The hostile corpus: statements an algorithm's author could type to write, lock, wait, escape the
 * role or read what is not theirs.
 *
 * - `HOSTILE_PG`: PostgreSQL statements with the reason the guard gives on the built-in database
 *   (the guard's unit test).
 * - `HOSTILE_SQL`: those and a few more that must be refused by the runner on the built-in database,
 *   which also checks the database's checksum is unchanged (the runner test).
 * - `HOSTILE_CORPUS`: everything above and much more, by family, for each place an algorithm runs —
 *   the built-in database, an external PostgreSQL and a MariaDB — thrown through the real route by
 *   hostile-corpus.*.test.ts. A case either must be refused (`refuse`), must answer a known value
 *   (`value`), or may be either refused or harmless.
 */
export const HOSTILE_PG: Array<[string, RegExp]> = [
  ['drop table dw.students', /只允许一条 SELECT/],
  ['create table dw.x (a int)', /只允许一条 SELECT/],
  ['delete from users', /只允许一条 SELECT/],
  ["update users set name = 'x'", /只允许一条 SELECT/],
  ['insert into dw.t values (1)', /只允许一条 SELECT/],
  ['select 1; select 2', /只允许一条 SELECT/],
  ['select 1; drop table users', /只允许一条 SELECT/],
  ["copy (select 1) to program 'rm -rf /'", /只允许一条 SELECT/],
  ['set role postgres', /只允许一条 SELECT/],
  ['reset role', /只允许一条 SELECT/],
  ['begin', /只允许一条 SELECT/],
  ['select pg_sleep(30)', /不允许调用函数 pg_sleep/],
  ["select pg_read_file('/etc/passwd')", /不允许调用函数 pg_read_file/],
  ["select lo_import('/etc/passwd')", /不允许调用函数 lo_import/],
  ["select * from dblink('host=x', 'select 1') as t(a int)", /不允许调用函数 dblink/],
  ["select nextval('some_seq')", /不允许调用函数 nextval/],
  ['select pg_terminate_backend(1)', /不允许调用函数 pg_terminate_backend/],
  ["select set_config('role', 'postgres', false)", /不允许调用函数 set_config/],
  ['select count(*) from (select pg_sleep(1)) s', /不允许调用函数 pg_sleep/],
  ['select public.evil()', /不允许调用函数 public.evil/],
  ['select pg_catalog.pg_sleep(1)', /不允许调用函数 pg_catalog.pg_sleep/],
  ['with x as (delete from users returning *) select * from x', /不允许在查询中修改数据/],
  ['with x as (update users set name = 1 returning 1) select 1', /不允许在查询中修改数据/],
  ['with x as (insert into dw.t values (1) returning 1) select * from x', /不允许在查询中修改数据/],
  ['select * into dw.copy from dw.t', /不允许使用 SELECT INTO/],
  ['select * from dw.t for update', /FOR UPDATE/],
  ['select * from dw.t for share', /FOR UPDATE/],
  ['select 1 /* ; */ ; drop table users -- ', /只允许一条 SELECT/],
  ["select 1 where 'a' = $$'$$; drop table users; --", /只允许一条 SELECT/],
  ['select * from public.users', /只允许读取数仓/],
  ['select * from pg_authid', /系统表/],
  ['select * from pg_catalog.pg_class', /系统表/],
  ['select * from information_schema.tables', /系统表/],
  ['select * from other_db.dw.t', /跨数据库/],
  ['select $1', /命名参数/],
  ['select :password', /未知参数 :password/],
  ['select 1 OPERATOR(public.===) 2', /运算符/],
  ['selec 1', /语法错误/],
  ['select (3.0::float8).pg_sleep', /不允许调用函数 pg_sleep（字段写法）/],
  ['select (s.object_id).pg_read_file from dw.scores s', /不允许调用函数 pg_read_file/],
  ['select s.pg_sleep_for from dw.scores s', /不允许调用函数 pg_sleep_for/],
  ["select ('dw.some_seq'::regclass).nextval", /不允许调用函数 nextval/],
  ['select (s.object_id).lo_import from dw.scores s', /不允许调用函数 lo_import/],
];

/** Extra statements that pass no guard for other reasons (writes hidden in functions, DO blocks, …). */
export const HOSTILE_PG_EXTRA: string[] = [
  'select dw.evil()',
  'select evil()',
  'do $$ begin delete from users; end $$',
  'truncate users',
  'vacuum',
  "select * from dw.scores; copy users to '/tmp/u'",
  'explain analyze delete from users',
  'prepare p as delete from users',
  "select pg_catalog.set_config('search_path', 'public', false)",
  'select * from users',
  'select * from system_settings',
  'select * from dw.scores where object_id = :objectId or 1 = (select count(*) from pg_class)',
];

export const HOSTILE_SQL: string[] = [...HOSTILE_PG.map(([text]) => text), ...HOSTILE_PG_EXTRA];

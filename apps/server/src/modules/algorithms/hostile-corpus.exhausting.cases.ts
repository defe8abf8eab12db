import { A300, ETC_PASSWD_DOCTYPE, family, GROW, LAUGHS, my, pg, REFUSED } from './hostile-corpus.entries.ts';

/** The corpus's statements that try to exhaust a database: waiting, big work, huge values, recursion, XML, JSON. */

export const WAITING = family(
  'waiting and locks',
  [
    pg('select pg_sleep(3)'),
    pg("select pg_sleep_for('3 seconds')"),
    pg("select pg_sleep_until(now() + interval '3 seconds')"),
    pg("select ('3 seconds'::interval).pg_sleep_for"),
    pg('select pg_advisory_lock(1)'),
    pg('select pg_try_advisory_lock(1)'),
    pg('select pg_advisory_xact_lock(1)'),
    pg('select pg_advisory_unlock_all()'),
    pg('select count(*) filter (where pg_sleep(1) is null) from scores'),
    pg('select pg_sleep(1) over ()'),
    pg('select case when true then pg_sleep(1) end'),
    pg('select * from scores order by pg_sleep(1)'),
    pg('select * from scores where code = any(array[pg_sleep(1)::text])'),
    pg('select * from pg_sleep(1)'),
    pg('select * from rows from (pg_sleep(1)) as t'),
    pg('select array(select pg_sleep(1))'),
    pg('select exists(select pg_sleep(1))'),
    pg('values (pg_sleep(1))'),
    pg('select coalesce(null, pg_sleep(1))'),
    pg('select * from scores s join lateral (select pg_sleep(1)) x on true'),
    pg("select 'x' || pg_catalog.pg_sleep(1)"),
    my('select sleep(3)'),
    my("select benchmark(100000000, md5('a'))"),
    my("select get_lock('hostile', 10)"),
    my("select release_lock('hostile')"),
    my("select is_free_lock('hostile')"),
    my('select release_all_locks()'),
    my("select master_pos_wait('x', 1)"),
    my('select count(*) from scores where sleep(1) = 0'),
    my('select * from scores order by sleep(1)'),
    my('select if(1, sleep(3), 0)'),
    my('select (select sleep(3)) as v'),
    my("select json_object('a', sleep(1))"),
  ],
  { refuse: REFUSED },
);

export const BIG_WORK = family('big work', [
  pg(`select count(*) from unnest(${A300}) a, unnest(${A300}) b, unnest(${A300}) c`),
  pg(`select sum(a * b) from unnest(${A300}) a, unnest(${A300}) b, unnest(${A300}) c, unnest(${A300}) d`),
  pg(
    `select count(*) from unnest(${A300}) a cross join lateral unnest(${A300}) b cross join lateral unnest(${A300}) c`,
  ),
  pg(`select md5(string_agg(a::text, '')) from unnest(${A300}) a, unnest(${A300}) b, unnest(${A300}) c`),
  pg(`select count(distinct (a, b, c)) from unnest(${A300}) a, unnest(${A300}) b, unnest(${A300}) c`),
  pg('select count(*) from generate_series(1, 1e9)'),
  pg(
    'select count(*) from scores a, scores b, scores c, scores d, scores e, scores f, scores g, scores h, scores i, scores j, scores k, scores l, scores m, scores n, scores o',
  ),
  pg(
    "select count(*) from scores a join scores b on a.code like '%' || b.code || '%' cross join scores c cross join scores d cross join scores e cross join scores f cross join scores g cross join scores h cross join scores i cross join scores j cross join scores k cross join scores l cross join scores m cross join scores n",
  ),
  pg("select count(*) from scores where code ~ '(a*)*b'"),
  pg(`select count(*) from unnest(${A300}) a where ${GROW(5)} ~ '(x+x+)+y'`),
  my(
    'select count(*) from scores a, scores b, scores c, scores d, scores e, scores f, scores g, scores h, scores i, scores j, scores k, scores l, scores m, scores n, scores o',
  ),
  my(
    "select 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' rlike '^(a+)+$' as v",
  ),
  my("select count(*) from scores where code regexp '(a*)*b'"),
  my('select count(*) from information_schema.columns a, information_schema.columns b', REFUSED),
]);

export const HUGE_VALUES = family('huge values', [
  pg("select format('%200000000s', 'x') as v"),
  pg("select length(format('%200000000s', 'x')) as v"),
  pg("select format('%1$100000000s%1$100000000s', 'x') as v"),
  pg("select concat(format('%100000000s', 'x'), format('%100000000s', 'y')) as v"),
  pg("select translate(format('%200000000s', ''), ' ', 'x') as v"),
  pg(`select ${GROW(7)} as v`),
  pg(`select length(${GROW(8)}) as v`),
  pg("select repeat('x', 200000000)", REFUSED),
  pg("select lpad('x', 200000000, 'y')", REFUSED),
  pg("select rpad('x', 200000000)", REFUSED),
  pg("select pg_catalog.repeat('x', 200000000)", REFUSED),
  pg(`select string_agg(format('%1000s', a), '') from unnest(${A300}) a, unnest(${A300}) b`),
  pg(`select array_agg(a) from unnest(${A300}) a, unnest(${A300}) b, unnest(${A300}) c`),
  pg(`select json_agg(a) from unnest(${A300}) a, unnest(${A300}) b`),
  pg("select to_char(1, format('%100000000s', '9')) as v"),
  pg("select regexp_replace(format('%100000s', ' '), ' ', format('%1000s', ' '), 'g') as v"),
  pg("select jsonb_build_object('a', format('%100000000s', 'x')) as v"),
  pg(`select a, format('%100000s', a) as v from unnest(${A300}) a, unnest(${A300}) b`),
  my("select repeat('x', 200000000)", REFUSED),
  my('select space(200000000)', REFUSED),
  my("select lpad('x', 200000000, 'y')", REFUSED),
  my("select rpad('x', 200000000, 'y')", REFUSED),
  my("select concat(space(100000000), 'x')", REFUSED),
  // MariaDB's replace() never looks at the kill flag: these ran on for hours after the time limit.
  my(`select ${GROW(7)} as v`, /replace/),
  my(`select length(${GROW(8)}) as v`, /replace/),
  my(
    `with recursive t(n, s) as (select 1, 'x' union all select n + 1, concat(s, s) from t where n < 24)
      select length(replace(s, 'x', '')) as v from t where n = 24`,
    /replace/,
  ),
  my('select format(1, 100000000) as v'),
  my(
    'select group_concat(a.code) as v from scores a, scores b, scores c, scores d, scores e, scores f, scores g, scores h',
  ),
  my("select cast('x' as char(100000000)) as v"),
]);

export const RECURSION = family('recursion', [
  pg('with recursive t(n) as (select 1 union all select n + 1 from t) select count(*) from t'),
  pg(
    'with recursive t(n) as (select 1 union all select n + 1 from t where n < 100000000) select count(*) from t',
  ),
  pg("with recursive t(s) as (select 'x'::text union all select s || s from t) select length(s) from t"),
  pg('with recursive t(n) as (select 1 union all select n from t) select * from t limit 5'),
  pg(
    'with recursive t(n, p) as (select 1, array[1] union all select n + 1, p || n from t) select count(*) from t',
  ),
  pg(
    'with recursive t(n) as (select 1 union all select n + 1 from t where n < 1000000) select max(n) from t',
  ),
  pg('with recursive t as (select 1 as n union all select n + 1 from t, scores) select count(*) from t'),
  pg('with recursive t(n) as (select 1 union select n + 1 from t) select count(*) from t'),
  pg(
    "with recursive t(s) as (select format('%1000000s', '') union all select s from t) select count(*) from t",
  ),
  my('with recursive t(n) as (select 1 union all select n + 1 from t) select count(*) from t'),
  my(
    'with recursive t(n) as (select 1 union all select n + 1 from t where n < 100000000) select count(*) from t',
  ),
  my('with recursive t(n) as (select 1 union all select n from t) select * from t limit 5'),
  my('with recursive t as (select 1 as n union all select n + 1 from t, scores) select count(*) from t'),
  my(
    "with recursive t(s) as (select cast('x' as char(255)) union all select concat(s, s) from t where length(s) < 100000000) select max(length(s)) from t",
  ),
  my('with recursive t(n) as (select 1 union distinct select n + 1 from t) select count(*) from t'),
]);

export const SET_RETURNING = family('set-returning functions', [
  pg('select generate_series(1, 1000000000)', REFUSED),
  pg('select * from generate_subscripts(array[1, 2], 1)', REFUSED),
  pg("select * from regexp_matches('a', 'a', 'g')", REFUSED),
  pg('select * from json_each(\'{"a": 1}\')', REFUSED),
  pg("select jsonb_array_elements('[1, 2]')", REFUSED),
  pg('select * from pg_get_keywords()', REFUSED),
  pg('select * from pg_show_all_settings()', REFUSED),
  pg('select * from rows from (generate_series(1, 3), unnest(array[1]))', REFUSED),
  pg('select * from pg_stat_get_activity(null)', REFUSED),
  pg('select * from unnest(array[1, 2, 3]) as v'),
  pg('select unnest(array[1, 2]), unnest(array[3, 4, 5])'),
  pg('select * from scores tablesample system (100)'),
  pg('select * from scores tablesample bernoulli (50) repeatable (1)'),
  pg('select * from scores tablesample system_time (3000)'),
]);

export const XML = family('xml', [
  pg(`select xmlparse(document '${ETC_PASSWD_DOCTYPE}') as v`, REFUSED),
  pg(`select xmlparse(document '${LAUGHS}') as v`, REFUSED),
  pg("select xmlparse(content '<x>&e;</x>') as v", REFUSED),
  pg(`select xmlserialize(document '${ETC_PASSWD_DOCTYPE}' as text) as v`, REFUSED),
  pg(
    `select * from xmltable('/x' passing xmlparse(document '${ETC_PASSWD_DOCTYPE}') columns a text path '.')`,
    REFUSED,
  ),
  pg("select * from xmltable('/x' passing '<x>1</x>'::xml columns a text path '.')"),
  pg(`select '${ETC_PASSWD_DOCTYPE}'::xml as v`),
  pg(`select cast('${LAUGHS}' as xml) as v`),
  pg("select xpath('/x', '<x>1</x>'::xml)", REFUSED),
  pg("select query_to_xml('select * from public.users', true, true, '')", REFUSED),
  pg("select table_to_xml('public.users', true, true, '')", REFUSED),
  pg("select database_to_xml(true, true, '')", REFUSED),
  pg("select schema_to_xml('public', true, true, '')", REFUSED),
  pg("select xml_is_well_formed('<a/>')", REFUSED),
  pg("select xmlexists('//x' passing by value '<x/>')"),
  pg("select xmlelement(name x, 'a') as v"),
  pg('select xmlagg(xmlelement(name a, code)) as v from scores'),
  pg("select xmlconcat('<a/>', '<b/>') as v"),
  pg('select xmlforest(code, score) as v from scores'),
  my("select extractvalue('<a>1</a>', '/a') as v", REFUSED),
  my("select updatexml('<a/>', '/a', '<b/>') as v", REFUSED),
  my('select extractvalue(1, concat(0x7e, (select @@version)))', REFUSED),
]);

export const JSON_FUNCTIONS = family('json', [
  pg('select json_populate_record(null::scores, \'{"code": "x"}\')', REFUSED),
  pg("select * from json_populate_record(null::public.users, '{}')", REFUSED),
  pg(`select jsonb_path_query('"${'a'.repeat(40)}!"', '$ ? (@ like_regex "^(a+)+$")')`, REFUSED),
  pg(`select '"${'a'.repeat(40)}!"'::jsonb @? '$ ? (@ like_regex "^(a+)+$")' as v`),
  pg(`select '["x"]'::jsonb @@ '$[*] like_regex "^(x+x+)+y$"' as v`),
  pg("select translate(format('%100000s', ''), ' ', '[')::jsonb as v"),
  pg("select json_array_length(translate(format('%10000000s', ''), ' ', '[')::json) as v"),
  pg("select jsonb_build_object('a', format('%50000000s', 'x')) as v"),
  pg('select to_jsonb(s) as v from scores s'),
  pg('select json_object_agg(code, score) as v from scores'),
  pg("select jsonb_extract_path_text(to_jsonb(s), 'code') as v from scores s"),
  pg("select * from json_table('[1, 2]', '$[*]' columns (a int path '$')) j"),
  pg("select json_query('{\"a\": 1}', '$.a') as v"),
  pg("select json_value('{\"a\": 1}', '$.a') as v"),
  pg("select json_exists('{\"a\": 1}', '$.a') as v"),
  pg("select jsonb_path_query_array('[1]', '$[*]')", REFUSED),
  my("select * from json_table('[1, 2]', '$[*]' columns (a int path '$')) as j"),
  my("select json_extract('{\"a\": 1}', '$.a') as v"),
  my("select json_extract(load_file('/etc/passwd'), '$') as v", REFUSED),
  my("select json_length(concat('[', space(100000000), ']')) as v", REFUSED),
  my('select json_arrayagg(code) as v from scores', REFUSED),
  my('select json_detailed(\'{"a": 1}\') as v', REFUSED),
]);

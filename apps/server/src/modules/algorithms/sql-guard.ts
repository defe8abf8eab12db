import { ALGORITHM_PARAMS, type AlgorithmParamName } from '@eduqa/contract';
import { parse as parsePg, scan as scanPg } from 'libpg-query';
import nodeSqlParser from 'node-sql-parser';
import { AppError } from '../../platform/errors.ts';
import { MYSQL_FUNCTIONS, MYSQL_REFUSED_FUNCTIONS, PG_FUNCTIONS } from './sql-allowlist.ts';

/**
 * The gate every algorithm's SQL passes before it reaches a database: a real parser (libpg-query, the
 * PostgreSQL server's own grammar compiled to WASM; node-sql-parser for MySQL/MariaDB) must find
 * exactly one SELECT, and a walk over its syntax tree refuses whatever could write, lock, wait, read
 * files or catalogs, or call a function not on the allowlist. No regular expression decides here:
 * comments, quoting and string tricks are the parser's business. The guard is one layer of several:
 * the runner adds a read-only transaction, a role without rights, a timeout and a row limit.
 */

export type SqlDialect = 'postgresql' | 'mysql';

export interface GuardOptions {
  dialect: SqlDialect;
  /** The platform's own database: only the warehouse schema `dw` may be read. */
  builtin: boolean;
}

export interface GuardedSql {
  /** The statement with driver placeholders ($n or ?), without a trailing semicolon. */
  text: string;
  /** The parameter bound to each placeholder, in order. */
  bindings: AlgorithmParamName[];
  /** The distinct parameters the statement uses, in order of first use. */
  parameters: AlgorithmParamName[];
}

const refuse = (message: string): never => {
  throw new AppError('UNPROCESSABLE', message);
};

const KNOWN = new Set<string>(ALGORITHM_PARAMS);
const ONLY_ONE_SELECT = '只允许一条 SELECT 语句';
const WRITES = '不允许在查询中修改数据（INSERT、UPDATE、DELETE、MERGE）';
const PG_SYSTEM_SCHEMAS = new Set(['pg_catalog', 'information_schema', 'pg_toast']);
const MYSQL_SYSTEM_SCHEMAS = new Set(['mysql', 'information_schema', 'performance_schema', 'sys']);

function checkParamName(name: string): AlgorithmParamName {
  if (!KNOWN.has(name)) {
    refuse(`未知参数 :${name}，可用参数：${ALGORITHM_PARAMS.map((p) => `:${p}`).join(' ')}`);
  }
  return name as AlgorithmParamName;
}

const distinct = (names: AlgorithmParamName[]) => [...new Set(names)];

/** Checks a statement for the given kind of database; throws a Chinese AppError (422) on refusal. */
export async function guardSql(sqlText: string, options: GuardOptions): Promise<GuardedSql> {
  if (!sqlText.trim()) refuse('请输入 SQL');
  return options.dialect === 'postgresql' ? guardPostgres(sqlText, options) : guardMysql(sqlText);
}

/** The named parameters a statement uses, for display; throws like guardSql on what it cannot read. */
export async function detectParameters(sqlText: string, dialect: SqlDialect): Promise<AlgorithmParamName[]> {
  return dialect === 'postgresql'
    ? distinct((await substitutePg(sqlText)).bindings)
    : distinct(lexMysql(sqlText).bindings);
}

/* ------------------------------------------------------------------ PostgreSQL */

interface PgToken {
  start: number;
  end: number;
  text: string;
  tokenName: string;
}

/**
 * `:name` → `$n` using the server's own lexer, so a colon inside a string, a quoted identifier, a
 * comment or a `::` cast is never taken for a parameter.
 */
async function substitutePg(sqlText: string): Promise<{ text: string; bindings: AlgorithmParamName[] }> {
  let tokens: PgToken[];
  try {
    tokens = (await scanPg(sqlText)).tokens as PgToken[];
  } catch (error) {
    return refuse(`SQL 语法错误：${errorText(error)}`);
  }
  // The scanner's offsets count UTF-8 bytes: slicing the string by them would cut wrongly after any
  // Chinese alias or literal, so the text is cut as bytes.
  const bytes = Buffer.from(sqlText, 'utf8');
  const slice = (start: number, end?: number) => bytes.subarray(start, end).toString('utf8');
  const bindings: AlgorithmParamName[] = [];
  let text = '';
  let from = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.tokenName === 'PARAM') refuse(`请使用命名参数（如 :objectId），不要使用 ${token.text}`);
    const next = tokens[i + 1];
    if (token.text !== ':' || !next || next.start !== token.end || !/^[A-Za-z_]\w*$/.test(next.text))
      continue;
    bindings.push(checkParamName(next.text));
    text += `${slice(from, token.start)}$${bindings.length}`;
    from = next.end;
    i += 1;
  }
  return { text: text + slice(from), bindings };
}

interface PgStatement {
  stmt: Record<string, unknown>;
  stmt_location?: number;
  stmt_len?: number;
}

async function guardPostgres(sqlText: string, options: GuardOptions): Promise<GuardedSql> {
  const { text, bindings } = await substitutePg(sqlText);
  let statements: PgStatement[];
  try {
    statements = ((await parsePg(text)) as { stmts?: PgStatement[] }).stmts ?? [];
  } catch (error) {
    return refuse(`SQL 语法错误：${errorText(error)}`);
  }
  if (statements.length !== 1) refuse(ONLY_ONE_SELECT);
  const [statement] = statements as [PgStatement];
  if (Object.keys(statement.stmt)[0] !== 'SelectStmt') refuse(ONLY_ONE_SELECT);
  walkPg(statement.stmt, options);
  const start = statement.stmt_location ?? 0;
  const body = statement.stmt_len ? text.slice(start, start + statement.stmt_len) : text.slice(start);
  // The runner binds by `$n`; one standing inside a dollar-quoted string would be misread there.
  if ((body.match(/\$\d+/g) ?? []).length !== bindings.length) refuse('SQL 中不能出现 $数字 形式的文本');
  return { text: body.trim(), bindings, parameters: distinct(bindings) };
}

const names = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((n) => String((n as { String?: { sval?: string } }).String?.sval ?? ''))
    : [];

/** One node of the tree: refuses what is not allowed, then visits its children. */
function walkPg(node: unknown, options: GuardOptions): void {
  if (Array.isArray(node)) {
    for (const child of node) walkPg(child, options);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    checkPgNode(key, value, options);
    walkPg(value, options);
  }
}

/**
 * The kinds of node a harmless read is made of, as libpg-query names them (the wrapper keys of its
 * JSON tree). The walk is default-deny: a kind not listed here — XML and SQL/JSON expressions,
 * XMLTABLE, TABLESAMPLE, any kind a new PostgreSQL adds — is refused by name, so a construct the
 * function allowlist never sees (xmlparse is syntax, not a function call) cannot pass unchecked.
 */
const PG_NODES = new Set([
  'SelectStmt',
  'ResTarget',
  'ColumnRef',
  'String',
  'Integer',
  'Float',
  'Boolean',
  'BitString',
  'FuncCall',
  'SortBy',
  'A_Const',
  'A_Indirection',
  'A_ArrayExpr',
  'A_Indices',
  'A_Star',
  'RowExpr',
  'CoalesceExpr',
  'MinMaxExpr',
  'A_Expr',
  'NullTest',
  'BooleanTest',
  'CaseExpr',
  'CaseWhen',
  'TypeCast',
  'TypeName',
  'CollateClause',
  'SQLValueFunction',
  'SubLink',
  'List',
  'BoolExpr',
  'JoinExpr',
  'RangeVar',
  'RangeSubselect',
  'RangeFunction',
  'ParamRef',
  'GroupingSet',
  'ColumnDef',
  'CommonTableExpr',
  'WithClause',
  'WindowDef',
  'Alias',
]);

/** Chinese names of the refused kinds a data manager is likely to meet. */
const PG_NODE_NAMES: Record<string, string> = {
  XmlExpr: 'XML 表达式',
  XmlSerialize: 'XMLSERIALIZE',
  RangeTableFunc: 'XMLTABLE 表函数',
  RangeTableFuncCol: 'XMLTABLE 表函数',
  RangeTableSample: 'TABLESAMPLE 抽样',
  JsonTable: 'JSON_TABLE 表函数',
  JsonFuncExpr: 'SQL/JSON 查询函数',
  JsonObjectConstructor: 'JSON_OBJECT 构造',
  JsonArrayConstructor: 'JSON_ARRAY 构造',
  JsonIsPredicate: 'IS JSON 判断',
  JsonParseExpr: 'JSON() 解析',
  JsonScalarExpr: 'JSON_SCALAR',
  JsonSerializeExpr: 'JSON_SERIALIZE',
  JsonObjectAgg: 'JSON_OBJECTAGG',
  JsonArrayAgg: 'JSON_ARRAYAGG',
  MergeSupportFunc: 'MERGE_ACTION',
};

function checkPgNode(key: string, value: unknown, options: GuardOptions) {
  const node = (value ?? {}) as Record<string, unknown>;
  if (['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt'].includes(key)) refuse(WRITES);
  if (key.endsWith('Stmt') && key !== 'SelectStmt') refuse(ONLY_ONE_SELECT);
  if (/^[A-Z]/.test(key) && !PG_NODES.has(key)) {
    refuse(`不支持的 SQL 结构：${PG_NODE_NAMES[key] ?? key}（只允许普通的查询表达式）`);
  }
  if (key === 'intoClause') refuse('不允许使用 SELECT INTO');
  if (key === 'lockingClause') refuse('不允许使用 FOR UPDATE / FOR SHARE 加锁');
  if (key === 'FuncCall') checkPgFunction(names(node.funcname));
  if (key === 'A_Expr') {
    const operator = names(node.name);
    if (operator.length > 1 && operator[0] !== 'pg_catalog') refuse(`不允许使用运算符 ${operator.join('.')}`);
  }
  if (key === 'RangeVar') checkPgRelation(node, options);
  if (key === 'ColumnRef') checkPgFieldCall(names(node.fields).slice(1));
  if (key === 'A_Indirection') checkPgFieldCall(names(node.indirection));
}

/**
 * PostgreSQL's attribute notation calls a one-argument function as a field: `(x).pg_sleep` is
 * `pg_sleep(x)`, `t.pg_read_file` may be `pg_read_file(t)`. Syntax cannot tell such a call from a
 * column, so field names that are system or side-effecting function names are refused outright.
 */
const FIELD_CALL_PREFIXES = ['pg_', 'lo_', 'dblink', 'txid_'];
const FIELD_CALL_NAMES = new Set([
  'nextval',
  'currval',
  'setval',
  'lastval',
  'set_config',
  'current_setting',
]);

function checkPgFieldCall(fields: string[]) {
  for (const field of fields) {
    const name = field.toLowerCase();
    if (FIELD_CALL_NAMES.has(name) || FIELD_CALL_PREFIXES.some((prefix) => name.startsWith(prefix))) {
      refuse(`不允许调用函数 ${field}（字段写法）`);
    }
  }
}

function checkPgFunction(parts: string[]) {
  const name = parts.join('.');
  const last = (parts[parts.length - 1] ?? '').toLowerCase();
  if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog') || !PG_FUNCTIONS.has(last)) {
    refuse(`不允许调用函数 ${name}`);
  }
}

function checkPgRelation(node: Record<string, unknown>, options: GuardOptions) {
  const schema = typeof node.schemaname === 'string' ? node.schemaname : '';
  const relation = String(node.relname ?? '');
  const full = schema ? `${schema}.${relation}` : relation;
  if (node.catalogname) refuse(`不允许跨数据库读取 ${node.catalogname}.${full}`);
  // Unqualified pg_* names resolve to pg_catalog, which search_path always searches first.
  if (PG_SYSTEM_SCHEMAS.has(schema.toLowerCase()) || relation.toLowerCase().startsWith('pg_')) {
    refuse(`不允许读取系统表 ${full}`);
  }
  if (options.builtin && schema && schema !== 'dw')
    refuse(`内置数据库只允许读取数仓（dw）中的表，不能读取 ${full}`);
}

/* ------------------------------------------------------------------ MySQL / MariaDB */

const mysqlParser = new nodeSqlParser.Parser();

interface MysqlText {
  /** Comments removed, `:name` kept: what the parser reads. */
  checked: string;
  /** The same text with `?` for each `:name`: what the database runs. */
  run: string;
  bindings: AlgorithmParamName[];
}

const BACKSLASH = 'MySQL 中的 SQL 不允许使用反斜杠 \\（它在字符串中是转义符，\\N 表示空值，读法因设置而异）';

/**
 * MySQL text → what the parser checks and what the database runs, which differ only in the
 * placeholders. The parser (node-sql-parser) and MySQL do not read every text alike: the parser takes
 * `--1` for a comment where MySQL reads minus minus one and runs what follows, MySQL runs the inside
 * of `/*! … *\/`, and a backslash escapes a quote for one but not the other. So this lexer removes
 * comments itself (both then see the same comment-free text) and refuses every construct whose
 * meaning differs: `--` not followed by a space, executable comments and optimizer hints, backslashes,
 * ODBC `{ … }` escapes and `?` placeholders.
 */
const isSpaceOrControl = (code: number) => code <= 0x20 || code === 0x7f;

function lexMysql(sqlText: string): MysqlText {
  const bindings: AlgorithmParamName[] = [];
  let checked = '';
  let run = '';
  const emit = (text: string, forRun = text) => {
    checked += text;
    run += forRun;
  };
  const n = sqlText.length;
  let i = 0;
  while (i < n) {
    const c = sqlText[i]!;
    const next = sqlText[i + 1] ?? '';
    if (c === '\\') refuse(BACKSLASH);
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      for (;;) {
        if (j >= n) refuse('SQL 语法错误：引号没有闭合');
        if (sqlText[j] === '\\') refuse(BACKSLASH);
        if (sqlText[j] === c) {
          if (sqlText[j + 1] === c) {
            j += 2;
            continue;
          }
          break;
        }
        j += 1;
      }
      emit(sqlText.slice(i, j + 1));
      i = j + 1;
    } else if (c === '#' || (c === '-' && next === '-')) {
      // MySQL: `--` starts a comment only when a space or control character follows.
      if (c === '-' && next === '-' && i + 2 < n && !isSpaceOrControl(sqlText.charCodeAt(i + 2))) {
        refuse(
          'MySQL 中 -- 后必须有空格才是注释：“--1” 会被数据库当作两个减号，请在 -- 后加空格，或写成 - (-1)',
        );
      }
      const end = sqlText.indexOf('\n', i);
      emit(' ');
      i = end === -1 ? n : end;
    } else if (c === '/' && next === '*') {
      const mark = sqlText[i + 2] ?? '';
      if (mark === '!' || sqlText.startsWith('M!', i + 2)) refuse('不允许使用 MySQL 可执行注释 /*! */');
      if (mark === '+') refuse('不允许使用 MySQL 优化器提示 /*+ */');
      const end = sqlText.indexOf('*/', i + 2);
      if (end === -1) refuse('SQL 语法错误：注释 /* 没有闭合');
      emit(' ');
      i = end + 2;
    } else if (c === ':' && /[A-Za-z_]/.test(next) && sqlText[i - 1] !== ':') {
      let j = i + 1;
      while (j < n && /\w/.test(sqlText[j]!)) j += 1;
      bindings.push(checkParamName(sqlText.slice(i + 1, j)));
      emit(sqlText.slice(i, j), '?');
      i = j;
    } else {
      if (c === '?') refuse('请使用命名参数（如 :objectId），不要使用 ?');
      if (c === '{' || c === '}') refuse('不允许使用 { } 转义语法');
      emit(c);
      i += 1;
    }
  }
  const trim = (text: string) => text.trim().replace(/;\s*$/, '').trim();
  return { checked: trim(checked), run: trim(run), bindings };
}

function guardMysql(sqlText: string): GuardedSql {
  const { checked, run, bindings } = lexMysql(sqlText);
  if (!checked) refuse('请输入 SQL');
  let ast: unknown;
  try {
    ast = mysqlParser.astify(checked, { database: 'MariaDB' });
  } catch (error) {
    return refuse(`SQL 语法错误：${errorText(error).slice(0, 200)}`);
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1 || (statements[0] as { type?: string }).type !== 'select')
    refuse(ONLY_ONE_SELECT);
  const found: string[] = [];
  walkMysql(statements[0], found);
  if (found.length !== bindings.length) refuse('无法识别 SQL 中的参数，请检查 :参数 的写法');
  return { text: run, bindings, parameters: distinct(bindings) };
}

function walkMysql(node: unknown, params: string[]): void {
  if (Array.isArray(node)) {
    for (const child of node) walkMysql(child, params);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  checkMysqlNode(record, params);
  for (const value of Object.values(record)) walkMysql(value, params);
}

/**
 * The node types (node-sql-parser's `type`) a harmless read is made of; default-deny like the
 * PostgreSQL walk, so variables, assignments and whatever a new parser version adds are refused.
 */
const MYSQL_NODES = new Set([
  'select',
  'expr',
  'column_ref',
  'star',
  'aggr_func',
  'function',
  'binary_expr',
  'unary_expr',
  'expr_list',
  'number',
  'bool',
  'null',
  'single_quote_string',
  'double_quote_string',
  'natural_string',
  'hex_string',
  'full_hex_string',
  'bit_string',
  'date',
  'time',
  'timestamp',
  'datetime',
  'case',
  'when',
  'else',
  'cast',
  'interval',
  'extract',
  'origin',
  'datatype',
  'collate',
  'default',
  'param',
  'window',
  'dual',
  'asc',
  'desc',
]);

const MYSQL_NODE_NAMES: Record<string, string> = {
  var: '变量（@ / @@）',
  assign: '变量赋值（:=）',
  insert: 'INSERT',
  update: 'UPDATE',
  delete: 'DELETE',
  replace: 'REPLACE',
};

function checkMysqlNode(node: Record<string, unknown>, params: string[]) {
  const type = typeof node.type === 'string' ? node.type.toLowerCase() : '';
  if (['insert', 'update', 'delete', 'replace'].includes(type)) refuse(WRITES);
  if (['create', 'drop', 'alter', 'truncate', 'set', 'use', 'lock', 'unlock', 'call'].includes(type)) {
    refuse(ONLY_ONE_SELECT);
  }
  if (type === 'var' || type === 'assign') refuse(`不允许使用${MYSQL_NODE_NAMES[type]}`);
  if (type && !MYSQL_NODES.has(type)) {
    refuse(`不支持的 SQL 结构：${MYSQL_NODE_NAMES[type] ?? type}（只允许普通的查询表达式）`);
  }
  const into = node.into as { position?: unknown; expr?: unknown } | undefined;
  if (type === 'select' && into && (into.position || into.expr)) refuse('不允许使用 SELECT INTO');
  if (type === 'select' && node.locking_read) refuse('不允许使用 FOR UPDATE / LOCK IN SHARE MODE 加锁');
  if (type === 'param') params.push(String(node.value));
  if (type === 'function' || type === 'aggr_func') checkMysqlFunction(node);
  if (typeof node.table === 'string' && typeof node.db === 'string' && node.db) {
    if (MYSQL_SYSTEM_SCHEMAS.has(node.db.toLowerCase())) refuse(`不允许读取系统表 ${node.db}.${node.table}`);
  }
}

function checkMysqlFunction(node: Record<string, unknown>) {
  const name = node.name as string | { name?: Array<{ value?: string }>; schema?: unknown } | undefined;
  const parts =
    typeof name === 'string' ? [name] : (name?.name ?? []).map((part) => String(part.value ?? ''));
  const last = (parts[parts.length - 1] ?? '').toLowerCase();
  const qualified = parts.length > 1 || (typeof name === 'object' && name?.schema);
  const reason = MYSQL_REFUSED_FUNCTIONS.get(last);
  if (!qualified && reason) refuse(reason);
  if (qualified || !MYSQL_FUNCTIONS.has(last)) refuse(`不允许调用函数 ${parts.join('.')}`);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import type mysql from 'mysql2/promise';
import type pg from 'pg';
import { AppError } from '../../platform/errors.ts';

/**
 * A PostgreSQL database as the server itself names it: its name and when the cluster started (both
 * readable by any user). Equal on two connections means the same database of the same cluster,
 * however the host was written (localhost, 127.0.0.1, ::1, a name, a proxy in between).
 */
export interface DatabaseIdentity {
  database: string;
  /** pg_postmaster_start_time() as epoch seconds: the same text whatever the session's time zone. */
  startedAt: string;
}

/** The query both sides of the identity comparison run. */
export const IDENTITY_SQL =
  'select current_database() as database, extract(epoch from pg_postmaster_start_time())::text as started_at';

/** The servers' own databases and schemas: users and password hashes live there. */
const SYSTEM_DATABASES = new Set(['mysql', 'information_schema', 'performance_schema', 'sys', 'pg_catalog']);

/** Schemas an unqualified name must not resolve into (the SQL guard refuses them only when named). */
const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];

/** Roles that read or write the server's files or run programs on it. */
const FILE_ROLES = ['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program'];

/** MySQL/MariaDB privileges a reader may hold; anything else writes, administers or reads files. */
const READER_PRIVILEGES = new Set(['SELECT', 'SHOW VIEW', 'SHOW DATABASES', 'USAGE']);

/** Shown first when present: the ones that reach beyond the database. */
const WORST_FIRST = ['ALL PRIVILEGES', 'FILE', 'SUPER', 'INSERT', 'UPDATE', 'DELETE'];

const refuse = (message: string): never => {
  throw new AppError('UNPROCESSABLE', message);
};

export const isSystemDatabase = (name: string | null | undefined) =>
  SYSTEM_DATABASES.has((name ?? '').trim().toLowerCase());

export function assertNotSystemDatabase(name: string | null | undefined) {
  if (isSystemDatabase(name))
    refuse(`${name} 是数据库服务器的系统库，不能作为数据源，请填写业务数据所在的数据库`);
}

const READ_ONLY_HINT = '请改用只授予 SELECT 的只读用户';

/** The connection context a source is vetted in. */
export interface VettingContext {
  /** The platform's own database when it runs on PostgreSQL; null on the embedded PGlite (not reachable). */
  platformDatabase?: DatabaseIdentity | null | undefined;
}

const POSTGRES_VETTING_SQL = `select
  current_database() as database,
  extract(epoch from pg_postmaster_start_time())::text as started_at,
  current_user as username,
  current_schemas(false)::text[] as schemas,
  coalesce((select rolsuper from pg_catalog.pg_roles where rolname = current_user), false) as superuser,
  array(select r from unnest($1::text[]) r
        where exists (select 1 from pg_catalog.pg_roles where rolname = r) and pg_has_role(current_user, r, 'MEMBER')
  ) as file_roles,
  array(select format('%I.%I', n.nspname, c.relname)
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp)'
          and has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')
        order by 1 limit 4
  ) as writable`;

interface PostgresFacts {
  database: string;
  started_at: string;
  username: string;
  schemas: string[];
  superuser: boolean;
  file_roles: string[];
  writable: string[];
}

const someOf = (names: readonly string[], shown = 3) =>
  names.length > shown ? `${names.slice(0, shown).join('、')} 等` : names.join('、');

/**
 * Refuses a PostgreSQL source that reaches more than its data: the platform's own database, a system
 * database, a search_path through the catalogs, or a user that is a superuser, may touch the server's
 * files or can write any table (owners included). One query, run by 测试连接 and by every run right
 * after connecting: collection runs one statement per object, each on its own connection.
 */
export async function vetPostgresSource(client: pg.Client, context: VettingContext): Promise<void> {
  const { rows } = await client.query<PostgresFacts>(POSTGRES_VETTING_SQL, [FILE_ROLES]);
  const facts = rows[0];
  if (!facts) return refuse('无法读取数据源用户的权限');
  assertNotSystemDatabase(facts.database);
  const own = context.platformDatabase;
  if (own && own.database === facts.database && own.startedAt === facts.started_at) {
    refuse('数据源指向平台自身的数据库，不能使用');
  }
  const user = facts.username;
  if (facts.superuser) refuse(`数据源用户 ${user} 是超级用户（SUPERUSER），${READ_ONLY_HINT}`);
  const problems: string[] = [];
  if (facts.file_roles.length > 0) {
    problems.push(`属于 ${facts.file_roles.join('、')}（可读写服务器文件或执行程序），请收回这些角色`);
  }
  if (facts.writable.length > 0) {
    problems.push(
      `可以写入表 ${someOf(facts.writable)}（INSERT、UPDATE、DELETE、TRUNCATE 权限或表的所有者），请收回写权限`,
    );
  }
  if (problems.length > 0) refuse(`数据源用户 ${user} ${problems.join('；')}；${READ_ONLY_HINT}`);
  const system = facts.schemas.filter((schema) => SYSTEM_SCHEMAS.includes(schema));
  if (system.length > 0) {
    refuse(
      `数据源用户 ${user} 的 search_path 包含系统模式 ${system.join('、')}，请改为只包含业务数据所在的模式`,
    );
  }
}

/**
 * The privileges one `SHOW GRANTS` line gives: `GRANT SELECT (a), INSERT ON db.t TO …` → SELECT,
 * INSERT. Role grants (`GRANT r TO u`) have no ON and give nothing by themselves: MariaDB lists the
 * enabled role's own lines too.
 */
export function privilegesOfGrant(line: string): string[] {
  const match = /^GRANT\s+(.+?)\s+ON\s+/is.exec(line.replace(/\([^)]*\)/g, ''));
  if (!match?.[1]) return [];
  return match[1]
    .split(',')
    .map((privilege) => privilege.trim().replace(/\s+/g, ' ').toUpperCase())
    .map((privilege) => (privilege === 'ALL' ? 'ALL PRIVILEGES' : privilege))
    .filter(Boolean);
}

const worstFirst = (a: string, b: string) => {
  const rank = (p: string) => (WORST_FIRST.includes(p) ? WORST_FIRST.indexOf(p) : WORST_FIRST.length);
  return rank(a) - rank(b) || a.localeCompare(b);
};

/**
 * Refuses a MySQL/MariaDB source on a system database or whose user may do more than read (FILE,
 * SUPER, any write or administration privilege, global, per database, table or column). SHOW GRANTS
 * rather than information_schema: MariaDB hides the enabled role's privileges there. Answers the
 * server's version, which the run needs for its time limit.
 */
export async function vetMysqlSource(connection: mysql.Connection): Promise<{ version: string }> {
  const [facts] = await connection.query(
    'select version() as version, database() as db, current_user() as user_host',
  );
  const row = (facts as Array<{ version?: unknown; db?: unknown; user_host?: unknown }>)[0];
  const database = typeof row?.db === 'string' ? row.db : null;
  assertNotSystemDatabase(database);
  const [grants] = await connection.query({ sql: 'show grants', rowsAsArray: true });
  const held = new Set((grants as unknown[][]).flatMap((grant) => privilegesOfGrant(String(grant[0] ?? ''))));
  const excess = [...held].filter((privilege) => !READER_PRIVILEGES.has(privilege)).sort(worstFirst);
  if (excess.length > 0) {
    const userHost = String(row?.user_host ?? '');
    const at = userHost.lastIndexOf('@');
    const user = at > 0 ? userHost.slice(0, at) : userHost;
    const named = excess.length > 3 ? `${someOf(excess)} ${excess.length} 项` : `${excess.join('、')} `;
    refuse(`数据源用户 ${user} 拥有 ${named}权限，${READ_ONLY_HINT}`);
  }
  return { version: String(row?.version ?? '') };
}

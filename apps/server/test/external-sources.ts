import mysql from 'mysql2/promise';
import pg from 'pg';
import type { ConnectionTarget } from '../src/modules/datasources/datasources.probe.ts';
import { newId } from '../src/platform/ids.ts';

/**
 * External databases as a school would point the platform at them: the machine's MariaDB and
 * PostgreSQL, each with a database of its own and a user that may only read it (the platform refuses
 * a source whose user can write, is a superuser or may read server files). Each call makes its own
 * database and user, so test files running side by side never share one. `undefined` (with a loud
 * SKIP line) when the server is not reachable.
 */
export interface ExternalSource {
  target: ConnectionTarget;
  /** The server's administrator, connected to the source's database, to check nothing changed. */
  query(text: string): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

export const MARIA_ADMIN = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
export const POSTGRES_ADMIN = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' };

const READER_PASSWORD = 'Reader-Pass-1';

/** The rows every external source holds: scores per teacher code. */
export const EXTERNAL_SCORES = [
  ['T001', 90],
  ['T001', 70],
  ['T002', 60],
] as const;

const tag = () => newId().slice(0, 10).toLowerCase();

export async function readerOnMaria(): Promise<ExternalSource | undefined> {
  let admin: mysql.Connection;
  try {
    admin = await mysql.createConnection({ ...MARIA_ADMIN, connectTimeout: 2_000, multipleStatements: true });
  } catch (error) {
    console.warn(
      `!!! MariaDB at 127.0.0.1:3306 is not reachable; the MariaDB tests are SKIPPED: ${String(error)}`,
    );
    return undefined;
  }
  const name = `eduqa_ext_${tag()}`;
  const values = EXTERNAL_SCORES.map(([code, score]) => `('${code}', ${score})`).join(', ');
  await admin.query(`create database ${name};
    create table ${name}.scores (code varchar(20), score int);
    insert into ${name}.scores values ${values};`);
  for (const host of ['%', 'localhost']) {
    await admin.query(`create user '${name}'@'${host}' identified by '${READER_PASSWORD}'`);
    await admin.query(`grant select on ${name}.* to '${name}'@'${host}'`);
  }
  return {
    target: {
      kind: 'mysql',
      host: MARIA_ADMIN.host,
      port: MARIA_ADMIN.port,
      database: name,
      username: name,
      password: READER_PASSWORD,
    },
    async query(text) {
      await admin.query(`use ${name}`);
      const [rows] = await admin.query(text);
      return rows as Record<string, unknown>[];
    },
    async drop() {
      await admin.query(`drop database if exists ${name}`);
      for (const host of ['%', 'localhost']) await admin.query(`drop user if exists '${name}'@'${host}'`);
      await admin.end();
    },
  };
}

export async function readerOnPostgres(): Promise<ExternalSource | undefined> {
  const server = new pg.Client({ ...POSTGRES_ADMIN, connectionTimeoutMillis: 2_000 });
  try {
    await server.connect();
  } catch (error) {
    console.warn(
      `!!! PostgreSQL at 127.0.0.1:5432 is not reachable; the external PostgreSQL tests are SKIPPED: ${String(error)}`,
    );
    return undefined;
  }
  const name = `eduqa_ext_${tag()}`;
  await server.query(`create database ${name}`);
  await server.query(`create role ${name} login password '${READER_PASSWORD}'`);
  const admin = new pg.Client({ ...POSTGRES_ADMIN, database: name });
  await admin.connect();
  const values = EXTERNAL_SCORES.map(([code, score]) => `('${code}', ${score})`).join(', ');
  await admin.query(`create schema ext;
    create table ext.scores (code text, score int);
    insert into ext.scores values ${values};
    grant usage on schema ext to ${name};
    grant select on all tables in schema ext to ${name};
    alter role ${name} in database ${name} set search_path = ext`);
  return {
    target: {
      kind: 'postgresql',
      host: POSTGRES_ADMIN.host,
      port: POSTGRES_ADMIN.port,
      database: name,
      username: name,
      password: READER_PASSWORD,
    },
    async query(text) {
      return (await admin.query(text)).rows as Record<string, unknown>[];
    },
    async drop() {
      await admin.end();
      await server.query(`drop database if exists ${name} with (force)`);
      await server.query(`drop role if exists ${name}`);
      await server.end();
    },
  };
}

import { datasourceEndpoints as DS, algorithmGroupEndpoints as G } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallArgs } from '../../../test/app.ts';
import {
  type ExternalSource,
  MARIA_ADMIN,
  POSTGRES_ADMIN,
  readerOnMaria,
} from '../../../test/external-sources.ts';
import { queryRows } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { judgeAnswer } from './hostile-corpus.harness.ts';
import { CYCLE, mariaPlace, SECRETS, short, throwCorpusAt, useCorpusApp } from './hostile-corpus.places.ts';

const corpus = useCorpusApp();

describe('the hostile corpus on MariaDB (a SELECT-only user)', () => {
  let source: ExternalSource | undefined;
  throwCorpusAt('maria', 'MariaDB', async () => {
    source = await readerOnMaria();
    return source && mariaPlace(source);
  });
  afterAll(async () => {
    await source?.query(`drop database if exists ${source.target.database}_other`);
    await source?.drop();
  });
});

/* ------------------------------------------------------------------ sources that must never be reachable */

describe('a source an algorithm must never read through', () => {
  /** Registered and run: either refused (registration or run), or nothing secret comes back. */
  async function throughSource(body: CallArgs<typeof DS.insert>, statements: string[]) {
    const registered = await corpus.manager.send(DS.insert, body);
    if (registered.statusCode !== 200) {
      expect(registered.statusCode, registered.body).toBeLessThan(500);
      expect(registered.json().meta.message).toMatch(/[\u4e00-\u9fa5]/);
      return ['registration refused'];
    }
    const group = await corpus.manager.call(G.insert, {
      body: {
        name: `恶意 SQL ${body?.body?.name}`,
        folderId: corpus.folderId,
        dataSourceId: registered.json().data.id,
      },
    });
    const problems: string[] = [];
    for (const text of statements) {
      const answer = await corpus.manager.send(G.testByObject, {
        body: { groupId: group.id, sql: text, type: 'detail', ...CYCLE },
      });
      const verdict = judgeAnswer(
        { family: 'system database', sql: text, on: [] },
        { status: answer.statusCode, body: answer.body, healthMs: 0, changed: [], secrets: SECRETS },
      );
      problems.push(...verdict.problems.map((p) => `${short(text, 60)}: ${p}`));
    }
    expect(problems).toEqual([]);
    return problems;
  }

  it('MariaDB: a SELECT-only user on the system database `mysql` never answers mysql.user', async () => {
    const maria = await mysql
      .createConnection({ ...MARIA_ADMIN, connectTimeout: 2_000 })
      .catch((error: unknown) => {
        console.warn(
          `!!! MariaDB at 127.0.0.1:3306 is not reachable; the system-database test is SKIPPED: ${String(error)}`,
        );
        return undefined;
      });
    if (!maria) return;
    const user = `eduqa_sys_${newId().slice(0, 8).toLowerCase()}`;
    const password = 'Sys-Reader-1';
    try {
      for (const host of ['%', 'localhost']) {
        await maria.query(`create user '${user}'@'${host}' identified by '${password}'`);
        await maria.query(`grant select on mysql.* to '${user}'@'${host}'`);
      }
      await throughSource(
        {
          body: {
            name: 'MariaDB 系统库',
            type: 'mysql',
            host: MARIA_ADMIN.host,
            port: MARIA_ADMIN.port,
            databaseName: 'mysql',
            username: user,
            password,
          },
        },
        [
          'select * from user',
          'select user, host, authentication_string as v from user',
          'select * from global_priv',
        ],
      );
    } finally {
      for (const host of ['%', 'localhost']) await maria.query(`drop user if exists '${user}'@'${host}'`);
      await maria.end();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL: a SELECT-only user on the platform's own database never answers its users or sessions",
    async () => {
      const [{ name }] = (await queryRows<{ name: string }>(
        corpus.t.db,
        sql`select current_database() as name`,
      )) as [{ name: string }];
      const user = `eduqa_sys_${newId().slice(0, 8).toLowerCase()}`;
      const password = 'Sys-Reader-1';
      await corpus.t.db.execute(sql.raw(`create role ${user} login password '${password}'`));
      await corpus.t.db.execute(sql.raw(`grant usage on schema public to ${user}`));
      await corpus.t.db.execute(sql.raw(`grant select on all tables in schema public to ${user}`));
      try {
        await throughSource(
          {
            body: {
              name: '平台自己的库',
              type: 'postgresql',
              host: POSTGRES_ADMIN.host,
              port: POSTGRES_ADMIN.port,
              databaseName: name,
              username: user,
              password,
            },
          },
          ['select account, password_hash from public.users', 'select * from public.sessions'],
        );
      } finally {
        await corpus.t.db.execute(sql.raw(`drop owned by ${user}`));
        const admin = new pg.Client({ ...POSTGRES_ADMIN });
        await admin.connect();
        await admin.query(`drop role if exists ${user}`);
        await admin.end();
      }
    },
  );
});

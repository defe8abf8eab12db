import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { computedFutureTasks, type FutureTask } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../../test/app.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AlgorithmParams, AlgorithmRun, AlgorithmRunner, ResolvedAlgorithm } from './computed.ports.ts';

/**
 * A test algorithm runner: groups of versioned SQL kept in memory, run for real on the test database
 * with the named parameters (`:objectCode`, `:cycleStart`, …) bound as parameters. It stands for the
 * algorithms module's runner, which satisfies the same port.
 */
export function createTestRunner(db: Db) {
  const groups = new Map<
    string,
    {
      name: string;
      current: Record<'result' | 'detail', number>;
      versions: Map<string, string>;
      changedBy: string | null;
    }
  >();

  function bind(text: string, params: AlgorithmParams): SQL {
    const parts = text.split(/:(objectId|objectCode|departmentId|cycleStart|cycleEnd|year)\b/);
    const chunks: SQL[] = [];
    parts.forEach((part, i) => {
      chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${params[part as keyof AlgorithmParams]}`);
    });
    return sql.join(chunks, sql``);
  }

  const runner: AlgorithmRunner = {
    async resolve(groupId, type, version) {
      const group = groups.get(groupId);
      if (!group) throw new AppError('NOT_FOUND', '算法组不存在');
      const v = version ?? group.current[type];
      const text = group.versions.get(`${type}:${v}`);
      if (!text) throw new AppError('NOT_FOUND', `算法组没有版本 ${v}`);
      return {
        groupId,
        groupName: group.name,
        algorithmId: `${groupId}-${type}-${v}`,
        version: v,
        type,
        sql: text,
        sqlHash: createHash('sha256').update(text).digest('hex'),
        dataSourceId: null,
        dataSourceName: '内置数据库',
        changedBy: group.changedBy,
        changedAt: '2025-08-01T00:00:00.000Z',
      } satisfies ResolvedAlgorithm;
    },
    async versions(groupId, type) {
      const group = groups.get(groupId);
      if (!group) throw new AppError('NOT_FOUND', '算法组不存在');
      return [...group.versions.keys()]
        .filter((key) => key.startsWith(`${type}:`))
        .map((key) => Number(key.slice(type.length + 1)))
        .sort((a, b) => b - a)
        .map((version) => ({
          version,
          published: true,
          current: version === group.current[type],
          remark: '',
        }));
    },
    async run(algorithm, params): Promise<AlgorithmRun> {
      const started = performance.now();
      const rows = await queryRows<Record<string, unknown>>(db, bind(algorithm.sql, params));
      return {
        columns: Object.keys(rows[0] ?? {}),
        rows,
        elapsedMs: performance.now() - started,
        truncated: false,
      };
    },
    // The database runs each statement on its own here: a batch is its runs one after the other.
    batch: (work) =>
      work({
        run: (algorithm, params) => runner.run(algorithm, params),
        async each(algorithm, paramsList) {
          const answers: Array<AlgorithmRun | Error> = [];
          for (const params of paramsList)
            answers.push(await runner.run(algorithm, params).catch((error: Error) => error));
          return answers;
        },
      }),
  };

  return {
    runner,
    /** Publishes a version; `current` makes it the group's current one (the algorithms helper's switch). */
    publish(input: {
      groupId: string;
      name?: string;
      type: 'result' | 'detail';
      version: number;
      sql: string;
      current?: boolean;
      changedBy?: string;
    }) {
      const group = groups.get(input.groupId) ?? {
        name: input.name ?? input.groupId,
        current: { result: 0, detail: 0 },
        versions: new Map<string, string>(),
        changedBy: null,
      };
      if (input.changedBy) group.changedBy = input.changedBy;
      group.versions.set(`${input.type}:${input.version}`, input.sql);
      if (input.current ?? true) group.current[input.type] = input.version;
      groups.set(input.groupId, group);
    },
  };
}

/** A local JSON endpoint the test controls: path → body (string as is, object as JSON), or 'hang'. */
export async function startFixtureServer(routes: Record<string, unknown>) {
  const server = http.createServer((request, response) => {
    const body = routes[request.url ?? ''];
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    if (body === 'hang') return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A run's background job once it has ended, polled by the clock rather than by a count of polls: the
 * first run of a file is cold, and a loaded machine answers polls slowly.
 */
export async function waitForJob(session: Session, taskId: string, timeoutMs = 80_000): Promise<FutureTask> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await session.call(computedFutureTasks.result, { query: { taskId } });
    if (job.state === 'finished' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('computed run job did not end');
}

import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { DatabaseNewerError } from './db/migrations.ts';
import { ensureReferenceData } from './modules/analysis/reference-data.loader.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { LOGIN_LIMITS } from './modules/auth/auth.service.ts';
import { describeDataSourceKey, resolveDataSourceKey } from './modules/datasources/datasources.crypto.ts';
import { createDatabaseFileStorage } from './platform/database-file-storage.ts';
import { createLocalFileStorage } from './platform/file-storage.ts';
import { DEMO_PASSWORD } from './seed/demo.ts';
import { seedIfEmpty } from './seed/seed.ts';

// Start: config → lock → database → migrate → seed if empty → listen.
const config = loadConfig();

let releaseLock: () => void = () => {};
if (!config.databaseUrl) {
  try {
    releaseLock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const database = await openDatabase({
  url: config.databaseUrl,
  pool: config.databasePool,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  // Serving on without its database would answer every request with an error: end, for the supervisor
  // (or the person at the terminal) to start again on what was committed.
  onLost: (error) => {
    process.stderr.write(`${error.message}: the server stops\n`);
    releaseLock();
    process.exit(1);
  },
});
try {
  await database.migrate();
} catch (error) {
  // A database a newer version migrated further: running on it would corrupt what this code does not know.
  if (!(error instanceof DatabaseNewerError)) throw error;
  process.stderr.write(`${error.message}\n`);
  await database.close();
  releaseLock();
  process.exit(1);
}
// Every start, demo or not: the national school list and the 双高 list where missing (智能分析).
const reference = await ensureReferenceData(database.db);
if (reference.schools > 0) process.stdout.write(`已载入全国高校名录（${reference.schools} 所）\n`);

const storage =
  config.fileStorage === 'database'
    ? createDatabaseFileStorage(database.db)
    : createLocalFileStorage(path.join(config.dataDir, 'files'));
const dataSourceKey = resolveDataSourceKey({
  configured: config.dataSourceKey,
  dataDir: config.dataDir,
  log: (message) => process.stdout.write(`${message}\n`),
});
const seeded = await seedIfEmpty({
  db: database.db,
  demo: config.seedDemo,
  adminPassword: config.adminPassword,
  // In the database, the demo's files are written in the seed's own transaction.
  storage: config.fileStorage === 'database' ? createDatabaseFileStorage : storage,
});
if (seeded.kind === 'demo') {
  process.stdout.write(`已创建演示学校（${seeded.users} 个账号），管理员 admin / ${DEMO_PASSWORD}\n`);
} else if (seeded.kind === 'admin' && seeded.generatedPassword) {
  process.stdout.write(`已创建管理员 admin，初始密码（只显示这一次）：${seeded.generatedPassword}\n`);
}

const { app } = await buildApp({
  config,
  database,
  storage,
  logger: { level: config.logLevel },
  dataSourceKey,
  jobs: { concurrency: config.jobsConcurrency, graceMs: config.shutdownGraceMs },
  algorithmLimits: { timeoutMs: config.algorithmTimeoutMs },
  backup: {
    dir: path.join(config.dataDir, 'backups'),
    fileStorage: config.fileStorage,
    dataSourceKey: describeDataSourceKey({ configured: config.dataSourceKey, dataDir: config.dataDir }),
  },
});

const authRepo = createAuthRepo(database.db);
const purge = setInterval(() => {
  authRepo
    .purgeSessions(new Date(Date.now() - config.sessionMaxMs))
    .then(() => authRepo.purgeAttempts(LOGIN_LIMITS.windowMs))
    .catch((error: unknown) => app.log.error(error));
}, 60 * 60_000);
purge.unref();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  clearInterval(purge);
  try {
    // Closing the app stops taking requests and jobs; running jobs get the grace period, then are handed
    // to another instance (PostgreSQL) or marked interrupted (PGlite).
    await app.close();
    await database.close();
  } finally {
    releaseLock();
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
process.stdout.write(`eduqa 已启动：http://localhost:${config.port}  （数据库：${database.driver}）\n`);

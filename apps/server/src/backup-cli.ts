import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_APP_ID, formatFileSize } from '@eduqa/contract';
import { loadConfig } from './config.ts';
import { MIGRATIONS_FOLDER, openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { createBackupRepo } from './modules/backup/backup.repo.ts';
import { createBackupService } from './modules/backup/backup.service.ts';
import { createRestoreService, type RestoreSummary } from './modules/backup/restore.service.ts';
import { describeDataSourceKey } from './modules/datasources/datasources.crypto.ts';
import { createOrgRepo } from './modules/org/org.repo.ts';
import { APP_VERSION } from './platform/app-version.ts';
import { AppError } from './platform/errors.ts';
import { createLocalFileStorage } from './platform/file-storage.ts';

// `npm run backup [-- --out DIR]` and `npm run restore -- FILE`, on the database and file store the server
// is configured with (as main.ts opens them). Everything said is in Chinese; exit code 1 on any refusal.
const config = loadConfig();
const say = (line: string) => process.stdout.write(`${line}\n`);
const USAGE = '用法：npm run backup [-- --out 目录]    npm run restore -- 备份文件.tar.gz';

const { values, positionals } = (() => {
  try {
    return parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
  } catch {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
})();
const [command, file] = positionals;
if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

let releaseLock: () => void = () => {};
if (!config.databaseUrl) {
  try {
    releaseLock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The embedded database has one user: the running server. Its files cannot be read beside it.
    process.stderr.write(
      `服务正在运行，内嵌数据库只能由一个进程打开：请先停止服务再${command === 'backup' ? '备份' : '恢复'}\n`,
    );
    process.exit(2);
  }
}

const database = await openDatabase({
  url: config.databaseUrl,
  pool: config.databasePool,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
});
const repo = createBackupRepo(
  database,
  config.fileStorage === 'database'
    ? { kind: 'database' }
    : { kind: 'local', storage: createLocalFileStorage(path.join(config.dataDir, 'files')) },
);
const dataSourceKey = describeDataSourceKey({ configured: config.dataSourceKey, dataDir: config.dataDir });

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} 秒`;

/**
 * The school's zone as the database being backed up keeps it (系统设置 › 时区), for the archive's name;
 * a database without the setting yet names it by the server's clock.
 */
async function schoolZoneOf(): Promise<string | null> {
  try {
    return (await createOrgRepo(database.db).findSystemSetting(DEFAULT_APP_ID))?.timeZone ?? null;
  } catch {
    return null;
  }
}

async function backup() {
  const service = createBackupService({
    repo,
    migrationsFolder: MIGRATIONS_FOLDER,
    appVersion: APP_VERSION,
    dataSourceKey,
    timeZone: schoolZoneOf,
  });
  say('正在备份…');
  const result = await service.backup({
    outDir: path.resolve(values.out ?? path.join(config.dataDir, 'backups')),
  });
  const { manifest } = result;
  say(`备份完成：${result.file}`);
  say(
    `  数据库：${manifest.database.kind}（PostgreSQL ${manifest.database.serverVersion}），结构版本 ${manifest.migrations.count}（${manifest.migrations.lastTag ?? '未知'}）`,
  );
  say(
    `  ${manifest.tables.length} 张表，${manifest.totals.rows} 行；${manifest.totals.files} 个文件，${formatFileSize(manifest.totals.fileBytes)}；备份文件 ${formatFileSize(result.bytes)}；用时 ${seconds(result.ms)}`,
  );
  say(
    `  数据源密钥不在备份中：它保存在${dataSourceKey.location}。在另一台机器上恢复时请把它一并带去（或设置相同的 DATA_SOURCE_KEY），否则已保存的数据源密码无法解密`,
  );
  say('  排队中或执行中的后台任务不在备份中，恢复后需重新发起');
}

function keyReminder(summary: RestoreSummary): string {
  if (summary.sameDataSourceKey) return '数据源密钥：本机的密钥与原安装相同，已保存的数据源密码可以直接使用';
  const original = summary.manifest.dataSourceKey.location;
  return `数据源密钥不在备份中：请把原安装的密钥（原来保存在${original}）放到本机的${summary.dataSourceKey.location}（或设置相同的 DATA_SOURCE_KEY）后再启动服务，否则已保存的数据源密码无法解密，需要逐个重新填写`;
}

async function restore(archive: string) {
  const service = createRestoreService({ repo, migrationsFolder: MIGRATIONS_FOLDER, dataSourceKey });
  const summary = await service.restore({ file: path.resolve(archive), say });
  const { manifest } = summary;
  say(
    `恢复完成：${path.resolve(archive)}（${manifest.createdAt} 备份自 ${manifest.database.kind}）→ ${database.driver}`,
  );
  say(
    `  ${summary.tables} 张表，${summary.rows} 行；${summary.files} 个文件，${formatFileSize(summary.fileBytes)}；用时 ${seconds(summary.ms)}；每张表的校验和与每个文件的哈希均已核对一致`,
  );
  say(`  ${keyReminder(summary)}`);
  say('  备份时排队中或执行中的后台任务未包含在内，需要时请重新发起');
}

let exitCode = 0;
try {
  if (command === 'backup') await backup();
  else await restore(file!);
} catch (error) {
  exitCode = 1;
  const what = command === 'backup' ? '备份失败' : '恢复失败';
  // A refusal (AppError) is the whole story; anything else also shows where it happened.
  const detail = error instanceof AppError || !(error instanceof Error) ? '' : `\n${error.stack ?? ''}`;
  process.stderr.write(`${what}：${error instanceof Error ? error.message : String(error)}${detail}\n`);
} finally {
  await database.close();
  releaseLock();
}
process.exit(exitCode);

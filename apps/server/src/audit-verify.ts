import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { createAuditRepo } from './modules/audit/audit.repo.ts';
import { createAuditService } from './modules/audit/audit.service.ts';

// `npm run audit:verify`: walks the audit trail's chain in the configured database (as main.ts opens it)
// and says in Chinese whether it is whole; exit code 1 when an entry was changed, deleted or inserted.
const config = loadConfig();
const say = (line: string) => process.stdout.write(`${line}\n`);

let releaseLock: () => void = () => {};
if (!config.databaseUrl) {
  try {
    releaseLock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The embedded database has one user: the running server. Its files cannot be read beside it.
    process.stderr.write('服务正在运行，内嵌数据库只能由一个进程打开：请先停止服务再校验审计日志\n');
    process.exit(2);
  }
}

const database = await openDatabase({
  url: config.databaseUrl,
  pool: config.databasePool,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
});
let exitCode = 0;
try {
  const audit = createAuditService({
    repo: createAuditRepo(database.db),
    recorder: { flush: async () => {} },
  });
  const report = await audit.verify();
  if (report.ok) {
    say(
      report.count === 0
        ? '审计日志校验通过：尚无记录'
        : `审计日志校验通过：共 ${report.count} 条记录（第 ${report.firstSeq}–${report.lastSeq} 条），未发现修改、删除或乱序插入`,
    );
  } else {
    say(`审计日志校验失败：${report.problem.message}`);
    say(`（已核对 ${report.count} 条记录后发现问题）`);
    exitCode = 1;
  }
} finally {
  await database.close();
  releaseLock();
}
process.exit(exitCode);

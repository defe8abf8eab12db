import { z } from 'zod';

/** What the archives' names look like: nothing else can be asked for, so no path can be named. */
export const BACKUP_NAME_PATTERN = /^eduqa-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;

/** One archive in the backup folder (系统管理 › 备份与恢复). */
export const BackupSchema = z.object({
  name: z.string().describe('文件名'),
  size: z.number().int().describe('大小（字节）'),
  createdAt: z.string().describe('备份时间 yyyy-MM-dd HH:mm:ss'),
  createdByName: z.string().nullable().describe('操作人（命令行备份为空）'),
  rows: z.number().int().nullable().describe('数据行数'),
  files: z.number().int().nullable().describe('文件数'),
});
export type Backup = z.infer<typeof BackupSchema>;

export const BackupNameQuerySchema = z.object({
  name: z
    .string({ error: '请选择备份文件' })
    .regex(BACKUP_NAME_PATTERN, { error: '备份文件名不正确' })
    .describe('备份文件名'),
});

/** Said beside the list: what an archive does not hold, and how it is restored. */
export const BACKUP_NOTICE =
  '备份包含全部数据与上传的文件，但不包含数据源密钥（用于加密数据源密码），请另行妥善保管；恢复请在服务器上执行 npm run restore -- 备份文件（目标数据库须为空）。';

import { z } from 'zod';
import { AUDIT_MIN_RETENTION_DAYS } from '../audit/audit.enums.ts';
import { flag } from '../platform/text.ts';

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

/** 定时备份: how many scheduled archives are kept, and the default of a school that has not chosen. */
export const BACKUP_KEEP_MIN = 1;
export const BACKUP_KEEP_MAX = 365;
export const BACKUP_KEEP_DEFAULT = 7;
export const BACKUP_TIME_DEFAULT = '02:00';
/** Who the list names as 操作人 of an archive the schedule made. */
export const SCHEDULED_BACKUP_ACTOR_NAME = '定时备份';
export const AUDIT_RETENTION_TOO_SHORT = `日志保留天数不能少于${AUDIT_MIN_RETENTION_DAYS}天`;
/** No upper bound is asked for; ten years keeps a typo from meaning forever. */
export const AUDIT_RETENTION_MAX_DAYS = 3650;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const wholeNumber = (label: string) =>
  z.coerce.number({ error: `${label}必须是整数` }).int({ error: `${label}必须是整数` });

export const BACKUP_RUN_STATES = ['running', 'finished', 'failed'] as const;
export const BACKUP_RUN_STATE_LABELS: Record<(typeof BACKUP_RUN_STATES)[number], string> = {
  running: '进行中',
  finished: '成功',
  failed: '失败',
};

/**
 * 定时备份 and 日志保留 (issue 27), one setting of the school: the time is read on the school's clock
 * (系统设置 › 时区), the retention applies to 操作日志 and 登录日志 alike.
 */
export const BackupScheduleSchema = z.object({
  enabled: z.boolean().describe('是否开启定时备份'),
  time: z.string().describe('每日备份时间 HH:mm（学校时区）'),
  keep: z.number().int().describe('保留份数（只计定时备份）'),
  auditRetentionDays: z.number().int().describe('操作日志与登录日志保留天数'),
  timeZone: z.string().describe('学校时区'),
  lastRun: z
    .object({
      at: z.string().describe('开始时间 yyyy-MM-dd HH:mm:ss'),
      state: z.enum(BACKUP_RUN_STATES).describe('结果：running 进行中，finished 成功，failed 失败'),
      message: z.string().describe('结果说明'),
    })
    .nullable()
    .describe('最近一次定时备份'),
  lastPurge: z
    .object({
      at: z.string().describe('清理时间 yyyy-MM-dd HH:mm:ss'),
      deleted: z.number().int().describe('删除的日志条数'),
    })
    .nullable()
    .describe('最近一次过期日志清理'),
});
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

/** Each field's label is in its messages, so a refusal reads as written here (validation.ts adds none). */
export const BackupScheduleBodySchema = z.object({
  enabled: flag('定时备份'),
  time: z
    .string({ error: '请选择备份时间' })
    .trim()
    .regex(TIME_OF_DAY, { error: '备份时间格式应为 HH:mm' })
    .describe('备份时间'),
  keep: wholeNumber('保留份数')
    .min(BACKUP_KEEP_MIN, { error: `保留份数应在${BACKUP_KEEP_MIN}到${BACKUP_KEEP_MAX}之间` })
    .max(BACKUP_KEEP_MAX, { error: `保留份数应在${BACKUP_KEEP_MIN}到${BACKUP_KEEP_MAX}之间` })
    .describe('保留份数'),
  auditRetentionDays: wholeNumber('日志保留天数')
    .min(AUDIT_MIN_RETENTION_DAYS, { error: AUDIT_RETENTION_TOO_SHORT })
    .max(AUDIT_RETENTION_MAX_DAYS, { error: `日志保留天数不能超过${AUDIT_RETENTION_MAX_DAYS}天` })
    .describe('日志保留天数'),
});
export type BackupScheduleBody = z.infer<typeof BackupScheduleBodySchema>;

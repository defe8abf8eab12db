import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { ImportJobWireSchema } from '../standards/standards.endpoints.ts';
import {
  BackupNameQuerySchema,
  BackupScheduleBodySchema,
  BackupScheduleSchema,
  BackupSchema,
} from './backup.schema.ts';

const base = '/api/user/admin/backups';
const tag = '系统管理';

/** The spec has no backup screen: designed in its style, English wire names (DESIGN §3). */
export const backupEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    summary: '备份列表',
    tag,
    data: z.array(BackupSchema),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: `${base}/start`,
    summary: '立即备份',
    tag,
    data: ImportJobWireSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: `${base}/download`,
    summary: '下载备份',
    tag,
    query: BackupNameQuerySchema,
    download: true,
    data: z.unknown(),
  }),
  schedule: defineEndpoint({
    method: 'GET',
    path: `${base}/schedule`,
    summary: '定时备份与日志保留设置',
    tag,
    data: BackupScheduleSchema,
  }),
  saveSchedule: defineEndpoint({
    method: 'POST',
    path: `${base}/schedule`,
    summary: '保存定时备份与日志保留设置',
    tag,
    body: BackupScheduleBodySchema,
    data: BackupScheduleSchema,
  }),
};

export const backupFutureTasks = futureTaskEndpoints(base, tag);

import { DATA_SOURCE_KIND_LABELS, type DataSourceKind } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { type AuditFields, noteChange } from '../../platform/audit-trail.ts';
import type { DataSourceRow } from './datasources.repo.ts';

/**
 * Where a source connects and as whom decides what every algorithm on it reads. The password is never
 * written down, not even sealed: the log only says whether one is set, and 「已修改」 when a new one was typed.
 */
function sourceFields(before: DataSourceRow | null, after: DataSourceRow | null): AuditFields<DataSourceRow> {
  const retyped = before !== null && after !== null && before.passwordCipher !== after.passwordCipher;
  return {
    名称: (s) => s.name,
    类型: (s) => DATA_SOURCE_KIND_LABELS[s.kind as DataSourceKind] ?? s.kind,
    主机: (s) => s.host,
    端口: (s) => s.port,
    数据库: (s) => s.database,
    用户名: (s) => s.username,
    密码: (s) =>
      s.passwordCipher === null ? '（未设置）' : retyped && s === after ? '已修改' : '（已设置）',
    默认: (s) => (s.isDefault ? '是' : '否'),
    隐藏: (s) => (s.isHidden ? '是' : '否'),
  };
}

/** A data source's fields before and after (null: created or deleted), for the operation log. */
export function noteDataSource(
  actor: Pick<Actor, 'userId'>,
  before: DataSourceRow | null,
  after: DataSourceRow | null,
) {
  const source = after ?? before;
  if (!source) return;
  noteChange(actor, {
    object: '数据源',
    id: source.id,
    name: source.name,
    fields: sourceFields(before, after),
    before,
    after,
  });
}

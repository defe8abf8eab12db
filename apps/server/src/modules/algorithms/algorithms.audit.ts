import {
  ALGORITHM_STATUS_LABELS,
  ALGORITHM_TYPE_LABELS,
  type Algorithm,
  type AlgorithmGroup,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { type AuditFields, noteChange } from '../../platform/audit-trail.ts';

/**
 * Up to this many characters the SQL itself is the clearest record. A longer one is named by its length
 * and the start of its SHA-256: every entry is a row of the 操作日志 list and a cell of its export, and
 * the whole text of a version stays readable under 算法 by its number, so length and hash tell which
 * text an entry meant (and that it changed) without copying kilobytes into each entry.
 */
export const SQL_SHOWN_WHOLE = 200;

export const sqlInWords = (a: Pick<Algorithm, 'sql' | 'sqlHash'>) =>
  a.sql.length <= SQL_SHOWN_WHOLE ? a.sql : `（共 ${a.sql.length} 字，SHA-256 ${a.sqlHash.slice(0, 12)}…）`;

const VERSION_FIELDS: AuditFields<Algorithm> = {
  类型: (a) => ALGORITHM_TYPE_LABELS[a.type],
  版本: (a) => a.version,
  状态: (a) => ALGORITHM_STATUS_LABELS[a.status],
  SQL: sqlInWords,
  备注: (a) => a.remark,
};

/** An algorithm version before and after (null: created or deleted): the SQL that computes a judgement. */
export function noteAlgorithm(
  actor: Pick<Actor, 'userId'>,
  groupName: string,
  before: Algorithm | null,
  after: Algorithm | null,
) {
  const version = after ?? before;
  if (!version) return;
  noteChange(actor, {
    object: '算法版本',
    id: version.id,
    name: `${groupName} · ${ALGORITHM_TYPE_LABELS[version.type]} v${version.version}`,
    fields: VERSION_FIELDS,
    before,
    after,
  });
}

/** Which versions are current decides which SQL every collection runs; a version no longer current is retired. */
const GROUP_FIELDS: AuditFields<AlgorithmGroup> = {
  名称: (g) => g.name,
  数据源: (g) => g.dataSourceName,
  当前结果算法版本: (g) => g.currentResultVersion,
  当前详情算法版本: (g) => g.currentDetailVersion,
  质控点数: (g) => g.pointIds.length,
};

export function noteAlgorithmGroup(
  actor: Pick<Actor, 'userId'>,
  before: AlgorithmGroup | null,
  after: AlgorithmGroup | null,
) {
  const group = after ?? before;
  if (!group) return;
  noteChange(actor, {
    object: '算法组',
    id: group.id,
    name: group.name,
    fields: GROUP_FIELDS,
    before,
    after,
  });
}

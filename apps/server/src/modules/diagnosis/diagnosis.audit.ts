import { type QualityRow, RESULT_SOURCE_LABELS } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { type AuditFields, noteChange } from '../../platform/audit-trail.ts';

/** What decides a point's judgement, as the point table shows it. */
const POINT_FIELDS: AuditFields<QualityRow> = {
  目标值: (p) => p.target,
  修正目标值: (p) => p.revisedTarget,
  结果值: (p) => p.result,
  修正结果值: (p) => p.revisedResult,
  等级: (p) => p.grade,
  达标情况: (p) => (p.unfinished ? '未完成' : p.below ? '未达标' : '达标'),
  结果来源: (p) => RESULT_SOURCE_LABELS[p.resultSource],
};

/** A diagnosis point's values and judgement before and after a write, for the operation log. */
export function notePoint(actor: Actor, before: QualityRow, after: QualityRow) {
  noteChange(actor, {
    object: '诊改质控点',
    id: after.id,
    name: `${after.objectName} · ${after.name}`,
    fields: POINT_FIELDS,
    before,
    after,
  });
}

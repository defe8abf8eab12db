import { type QualityRow, RESULT_SOURCE_LABELS, type WarningRecord } from '@eduqa/contract';
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

/** Handling a warning: whether it is closed, the 原因分析 and 处理措施 written, and who handled it. */
const WARNING_FIELDS: AuditFields<WarningRecord> = {
  状态: (w) => (w.handledAt ? '已处理' : '未处理'),
  原因分析: (w) => w.cause,
  处理措施: (w) => w.measure,
  处理人: (w) => w.handlerName,
};

/** A point warning before and after its handling, named by its point and when it was raised. */
export function noteWarning(actor: Actor, point: string, before: WarningRecord, after: WarningRecord) {
  noteChange(actor, {
    object: '预警',
    id: after.id,
    name: `${point} · ${after.warnedAt}`,
    fields: WARNING_FIELDS,
    before,
    after,
  });
}

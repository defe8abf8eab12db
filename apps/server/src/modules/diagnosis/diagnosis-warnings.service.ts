import type * as S from '@eduqa/contract';
import type { WarningRecord, WarningRow } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pageOf } from '../../platform/paging.ts';
import { noteWarning } from './diagnosis.audit.ts';
import {
  type DiagnosisDeps,
  EXPORT_MAX_ROWS,
  DIAGNOSIS_MESSAGES as M,
  type Paged,
  unprocessable,
} from './diagnosis.rules.ts';
import type { WarnFilter } from './diagnosis-points.repo.ts';

/** Point warnings (raised by recompute.ts): counts, the warned-point grid, handling; and focus. */
export function createDiagnosisWarningService(deps: DiagnosisDeps) {
  const { repo, access } = deps;

  async function warnFilter(actor: Actor, query: S.ObjectTaskScopeInput) {
    if (query.objectTaskId) await access.objectTaskRight(actor, query.objectTaskId, 'read');
    return {
      reader: actor,
      objectTaskId: query.objectTaskId,
      taskId: query.taskId,
    } satisfies WarnFilter;
  }

  return {
    async focus(actor: Actor, body: S.FocusInput) {
      await access.pointRight(actor, body.assignedPointId, 'read');
      await repo.setFocus(actor.userId, body.assignedPointId, body.focus);
      return { focus: body.focus };
    },

    /** The charger handles a warning; to anyone who cannot see its point, the warning does not exist. */
    async dispose(actor: Actor, body: S.CauseInput): Promise<WarningRecord> {
      const warning = await repo.findWarning(body.id);
      const right = warning ? await access.pointStanding(actor, warning.pointId) : null;
      if (!right) throw notFound(M.warningNotFound);
      if (right !== 'edit') throw new AppError('FORBIDDEN');
      const before = (await repo.warningRecord(body.id))!;
      const handled = await repo.handleWarning({
        id: body.id,
        cause: body.cause,
        measure: body.measure,
        handlerUserId: actor.userId,
      });
      if (!handled) throw unprocessable(M.alreadyHandled);
      const after = (await repo.warningRecord(body.id))!;
      const point = await repo.pointRow(warning!.pointId, actor.userId);
      noteWarning(actor, point ? `${point.objectName} · ${point.name}` : '', before, after);
      return after;
    },

    async warnCount(actor: Actor, query: S.ObjectTaskScopeInput) {
      return repo.warnCount(await warnFilter(actor, query));
    },

    async warnGrid(actor: Actor, query: S.WarnGridInput): Promise<Paged<WarningRow>> {
      const filter = await warnFilter(actor, query);
      return repo.pageWarnedPoints(
        {
          ...filter,
          keyword: query.keyword,
          state: query.state,
          chargedBy: query.chargedOnly ? actor : undefined,
        },
        pageOf(query),
      );
    },

    /** Every row of the warning table under its filters (the export), under the table's own right. */
    async allWarnGrid(actor: Actor, query: S.WarnGridFilter): Promise<WarningRow[]> {
      const filter = await warnFilter(actor, query);
      const page = { limit: EXPORT_MAX_ROWS, offset: 0 };
      const chargedBy = query.chargedOnly ? actor : undefined;
      return (
        await repo.pageWarnedPoints(
          { ...filter, keyword: query.keyword, state: query.state, chargedBy },
          page,
        )
      ).records;
    },

    async warnList(actor: Actor, id: string): Promise<WarningRecord[]> {
      await access.pointRight(actor, id, 'read');
      return repo.warningsOfPoint(id);
    },
  };
}

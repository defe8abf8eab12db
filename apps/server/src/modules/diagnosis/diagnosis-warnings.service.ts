import type * as S from '@eduqa/contract';
import type { WarningRecord, WarningRow } from '@eduqa/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pageOf } from '../../platform/paging.ts';
import { visibleObjectTask } from './diagnosis.access.ts';
import { type DiagnosisDeps, DIAGNOSIS_MESSAGES as M, type Paged, unprocessable } from './diagnosis.rules.ts';
import type { WarnFilter } from './diagnosis-points.repo.ts';

type In<T extends z.ZodType> = z.output<T>;

/** Point warnings (raised by recompute.ts): counts, the warned-point grid, handling; and focus. */
export function createDiagnosisWarningService(deps: DiagnosisDeps) {
  const { repo, access } = deps;

  async function warnFilter(actor: Actor, query: { rwid?: string | undefined; dxrwid?: string | undefined }) {
    if (query.dxrwid) await access.objectTaskRight(actor, query.dxrwid, 'read');
    return {
      scope: visibleObjectTask(actor),
      objectTaskId: query.dxrwid,
      taskId: query.rwid,
    } satisfies WarnFilter;
  }

  return {
    async focus(actor: Actor, body: In<typeof S.FocusBodySchema>) {
      await access.pointRight(actor, body.zgzkdid, 'read');
      await repo.setFocus(actor.userId, body.zgzkdid, body.focus);
      return { focus: body.focus };
    },

    /** The charger handles a warning; to anyone who cannot see its point, the warning does not exist. */
    async dispose(actor: Actor, body: In<typeof S.DisposeBodySchema>): Promise<WarningRecord> {
      const warning = await repo.findWarning(body.id);
      const right = warning ? await access.pointStanding(actor, warning.pointId) : null;
      if (!right) throw notFound(M.warningNotFound);
      if (right !== 'edit') throw new AppError('FORBIDDEN');
      const handled = await repo.handleWarning({
        id: body.id,
        cause: body.yyfx,
        measure: body.clcs,
        handlerUserId: actor.userId,
      });
      if (!handled) throw unprocessable(M.alreadyHandled);
      return (await repo.warningRecord(body.id))!;
    },

    async warnCount(actor: Actor, query: In<typeof S.WarnQuerySchema>) {
      return repo.warnCount(await warnFilter(actor, query));
    },

    async warnGrid(actor: Actor, query: In<typeof S.WarnGridQuerySchema>): Promise<Paged<WarningRow>> {
      const filter = await warnFilter(actor, query);
      return repo.pageWarnedPoints({ ...filter, keyword: query.keyword, state: query.state }, pageOf(query));
    },

    async warnList(actor: Actor, id: string): Promise<WarningRecord[]> {
      await access.pointRight(actor, id, 'read');
      return repo.warningsOfPoint(id);
    },
  };
}

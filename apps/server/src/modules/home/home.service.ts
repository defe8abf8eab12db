import {
  NOTICE_KIND_LABELS,
  type Notice,
  PROGRESS_AUDIT_STATE_LABELS,
  type ProgressAuditState,
  TODO_KINDS,
  type TodoCount,
  type TodoKind,
  type Workbench,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { formatDateTime } from '../../platform/time.ts';
import { isAuditor } from '../diagnosis/diagnosis.access.ts';
import type { HomeRepo, NoticeRow } from './home.repo.ts';

/**
 * 首页工作台: the signed-in person's to-dos, deadlines and latest events in one answer. An area's to-dos
 * are counted only for those who hold its menu key (the links lead there; without the key the page would
 * refuse), the audit queue only for diagnosis auditors. Every count comes from the repo's set-based
 * statements with the linked lists' own conditions.
 */
export function createHomeService(deps: { repo: HomeRepo }) {
  const { repo } = deps;

  return {
    async workbench(actor: Actor): Promise<Workbench> {
      const diagnosis = actor.menuKeys.has('improvement');
      const goals = actor.menuKeys.has('targetTaskManagement');
      const collection = actor.menuKeys.has('dataCollection');
      const reports = actor.menuKeys.has('report');
      const auditor = isAuditor(actor);
      const [diagnosisCounts, goalCounts, collectCounts, reportCounts, deadlines, notices] =
        await Promise.all([
          diagnosis ? repo.diagnosisCounts(actor, { auditor }) : null,
          goals ? repo.goalCounts(actor) : null,
          collection ? repo.collectCounts(actor) : null,
          reports ? repo.reportCounts(actor) : null,
          repo.deadlines(actor, { goals, diagnosis, collection }),
          repo.notices(actor, { goals, diagnosis }),
        ]);
      const counts: Partial<Record<TodoKind, number>> = {
        ...diagnosisCounts,
        ...goalCounts,
        ...collectCounts,
        ...reportCounts,
      };
      if (!auditor) delete counts.pointsToAudit;
      const todos: TodoCount[] = TODO_KINDS.flatMap((kind) => {
        const count = counts[kind];
        return count === undefined ? [] : [{ kind, count }];
      });
      return { todos, deadlines, notices: notices.map(toNotice) };
    },
  };
}

function toNotice(row: NoticeRow): Notice {
  const label = NOTICE_KIND_LABELS[row.kind];
  const detail =
    row.kind === 'progressDecided'
      ? `进度上报${PROGRESS_AUDIT_STATE_LABELS[row.detail as ProgressAuditState] ?? row.detail}`
      : row.detail;
  return {
    kind: row.kind,
    id: row.id,
    title: `${label}：${row.title}`,
    detail,
    time: formatDateTime(new Date(Number(row.ms))) ?? '',
  };
}

export type HomeService = ReturnType<typeof createHomeService>;

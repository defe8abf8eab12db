import { HOME_NOTICES, TODO_KINDS, type TodoCount, type Workbench } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { isAuditor } from '../diagnosis/diagnosis.access.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { HomeRepo } from './home.repo.ts';

/**
 * 首页工作台: the signed-in person's to-dos, deadlines and newest messages (消息中心's, read or not) in one
 * answer. An area's to-dos are counted only for those who hold its menu key (the links lead there; without the key the page would
 * refuse), the audit queue only for diagnosis auditors. Every count comes from the repo's set-based
 * statement with the linked lists' own conditions.
 */
export function createHomeService(deps: { repo: HomeRepo; notices: Pick<NoticesService, 'latest'> }) {
  const { repo } = deps;

  return {
    async workbench(actor: Actor): Promise<Workbench> {
      const diagnosis = actor.menuKeys.has('improvement');
      const goals = actor.menuKeys.has('targetTaskManagement');
      const collection = actor.menuKeys.has('dataCollection');
      const reports = actor.menuKeys.has('report');
      const auditor = isAuditor(actor);
      const [counts, deadlines, notices] = await Promise.all([
        repo.todoCounts(actor, {
          diagnosis: diagnosis ? { auditor } : null,
          goals,
          collection,
          reports,
        }),
        repo.deadlines(actor, { goals, diagnosis, collection }),
        deps.notices.latest(actor, HOME_NOTICES),
      ]);
      const todos: TodoCount[] = TODO_KINDS.flatMap((kind) => {
        const count = counts[kind];
        return count === undefined ? [] : [{ kind, count }];
      });
      return { todos, deadlines, notices };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;

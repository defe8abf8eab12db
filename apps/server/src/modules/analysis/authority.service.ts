import { PORTRAIT_SUBJECTS, type PortraitSubject } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isAnalysisManager } from './authority.access.ts';
import type { PortraitsRepo } from './portraits.repo.ts';

/**
 * The authority calls of spec 1 §6 (analysis, screen check, target, object), answered for the caller.
 * Screens and portrait pages call `assertScreen` and `assertObject` on their first lines, so the answer a
 * page shows and the refusal the server gives are the same rule.
 */
export function createAuthorityService(deps: {
  repo: PortraitsRepo;
  /** Whether the diagnosis object of this level exists and the actor may see it (authority.access.ts). */
  objectVisible(actor: Actor, subject: PortraitSubject, objectId: string): Promise<boolean>;
}) {
  const { repo } = deps;
  const grantedTo = (actor: Actor) => (isAnalysisManager(actor) ? null : actor.roleIds);

  async function analysis(actor: Actor) {
    const [menus, cards] = await Promise.all([
      repo.list({ kind: 'menu', grantedTo: grantedTo(actor) }),
      repo.list({ kind: 'card', grantedTo: grantedTo(actor) }),
    ]);
    const opened = new Set(menus.map((m) => m.subject));
    return {
      canManage: isAnalysisManager(actor),
      subjects: PORTRAIT_SUBJECTS.filter((s) => opened.has(s)),
      menus,
      cards,
    };
  }

  /** Whether a portrait menu of the subject is granted to the actor (the maintainer: always). */
  async function subjectGranted(actor: Actor, subject: PortraitSubject) {
    if (isAnalysisManager(actor)) return true;
    const menus = await repo.list({ kind: 'menu', subject, grantedTo: actor.roleIds });
    return menus.length > 0;
  }

  async function screenCheck(actor: Actor, id: string): Promise<boolean> {
    const [screen] = await repo.list({ kind: 'screen', id, grantedTo: grantedTo(actor) });
    return screen !== undefined;
  }

  async function objectCheck(actor: Actor, subject: PortraitSubject, objectId: string): Promise<boolean> {
    if (!(await subjectGranted(actor, subject))) return false;
    return deps.objectVisible(actor, subject, objectId);
  }

  return {
    analysis,
    subjectGranted,
    screenCheck,
    /** For the screen page: not-found unless the actor may open it. */
    async assertScreen(actor: Actor, id: string) {
      if (!(await screenCheck(actor, id))) throw notFound('大屏不存在或无权查看');
    },
    target(actor: Actor) {
      const canSetTargets = actor.actions.has('standards.manage');
      return { canSeeBand: canSetTargets || actor.menuKeys.has('target'), canSetTargets };
    },
    objectCheck,
    /** For the portrait data: forbidden without the subject's grant, not-found for an object he may not see. */
    async assertObject(actor: Actor, subject: PortraitSubject, objectId: string) {
      if (!(await subjectGranted(actor, subject))) throw new AppError('FORBIDDEN');
      if (!(await deps.objectVisible(actor, subject, objectId))) throw notFound('画像对象不存在');
    },
  };
}

export type AuthorityService = ReturnType<typeof createAuthorityService>;

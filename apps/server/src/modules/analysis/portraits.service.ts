import {
  PORTRAIT_MESSAGES,
  type Portrait,
  type PortraitAddBody,
  type PortraitKind,
  type PortraitSubject,
  type PortraitUpdateBody,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { isAnalysisManager } from './authority.access.ts';
import type { PortraitsRepo, PortraitWrite } from './portraits.repo.ts';

type PortraitBody = PortraitAddBody | PortraitUpdateBody;

/**
 * 画像 entries (spec 2 §7.1 `portrayal`): the maintainer's full lists and writes (`analysis.manage`), and the
 * by-authority lists every signed-in user asks for: the entries granted to one of his roles, all of them
 * for the maintainer.
 */
export function createPortraitsService(deps: { repo: PortraitsRepo }) {
  const { repo } = deps;

  const assertManager = (actor: Actor) => {
    if (!isAnalysisManager(actor)) throw new AppError('FORBIDDEN');
  };

  /** The entries of a kind the actor may open. */
  function granted(actor: Actor, kind: PortraitKind, subject?: PortraitSubject) {
    return repo.list({ kind, subject, grantedTo: isAnalysisManager(actor) ? null : actor.roleIds });
  }

  async function checkedWrite(
    body: PortraitBody,
    selfId: string | null,
  ): Promise<{ data: PortraitWrite; roleIds: string[] }> {
    const parentId = body.parentId ? body.parentId : null;
    if (parentId) {
      if (body.type === 'screen') throw new AppError('UNPROCESSABLE', PORTRAIT_MESSAGES.parentOfScreen);
      if (parentId === selfId) throw new AppError('UNPROCESSABLE', PORTRAIT_MESSAGES.selfParent);
      const parent = await repo.find(parentId);
      if (parent?.kind !== 'menu' || parent.subject !== body.level)
        throw new AppError('UNPROCESSABLE', PORTRAIT_MESSAGES.parent);
    }
    const wanted = [...new Set(body.roleIds ?? [])];
    const existing = await repo.existingRoleIds(wanted);
    if (existing.length !== wanted.length) throw new AppError('UNPROCESSABLE', PORTRAIT_MESSAGES.roles);
    const config = body.config ?? { measures: [] };
    return {
      data: {
        kind: body.type,
        subject: body.level,
        name: body.name,
        parentId,
        sortOrder: body.sort ?? 0,
        // A card keeps its measures (and table); a screen its layout; a menu nothing it does not use.
        config:
          body.type === 'card'
            ? {
                measures: config.measures,
                ...(config.warehouseTableId ? { warehouseTableId: config.warehouseTableId } : {}),
              }
            : body.type === 'screen'
              ? { measures: [], ...(config.layout ? { layout: config.layout } : {}) }
              : { measures: [] },
      },
      roleIds: wanted,
    };
  }

  async function existing(id: string): Promise<Portrait> {
    const row = await repo.find(id);
    if (!row) throw notFound(PORTRAIT_MESSAGES.notFound);
    return row;
  }

  return {
    /** All entries of a kind (maintainer). */
    async all(actor: Actor, kind: PortraitKind, subject?: PortraitSubject) {
      assertManager(actor);
      return repo.list({ kind, subject });
    },

    granted,

    async create(actor: Actor, body: PortraitAddBody): Promise<Portrait> {
      assertManager(actor);
      const id = newId();
      const write = await checkedWrite(body, null);
      await repo.save({ id, isNew: true, creatorUserId: actor.userId, ...write });
      return existing(id);
    },

    async update(actor: Actor, body: PortraitUpdateBody): Promise<Portrait> {
      assertManager(actor);
      const current = await existing(body.id);
      if (
        (current.kind !== body.type || current.subject !== body.level) &&
        (await repo.childCount(body.id)) > 0
      )
        throw new AppError('UNPROCESSABLE', PORTRAIT_MESSAGES.hasChildren);
      const write = await checkedWrite(body, body.id);
      await repo.save({ id: body.id, isNew: false, creatorUserId: actor.userId, ...write });
      return existing(body.id);
    },

    async remove(actor: Actor, id: string) {
      assertManager(actor);
      await existing(id);
      if ((await repo.childCount(id)) > 0) throw new AppError('UNPROCESSABLE', PORTRAIT_MESSAGES.hasChildren);
      await repo.delete(id);
    },
  };
}

export type PortraitsService = ReturnType<typeof createPortraitsService>;

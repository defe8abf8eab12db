import {
  CARD_KIND_LABELS,
  CARD_KINDS,
  type CardBody,
  type CardKind,
  type CardSource,
  type CardUpdateBody,
  type DashboardCard,
  type DashboardLayout,
  type LayoutSaveBody,
  type MeasureKey,
  type MeasureResult,
  normalizeCardUrl,
  type PagingQuery,
  rowsToMeasure,
  zonedParts,
} from '@eduqa/contract';
import { type Actor, can } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { schoolTimeZone } from '../../platform/time.ts';
import {
  type AlgorithmParams,
  type AlgorithmRunner,
  noCurrentVersionMessage,
} from '../algorithms/algorithm-runner.ts';
import type { CardRow, CardWrite, DashboardsRepo, ObjectContext } from './dashboards.repo.ts';

/** The built-in measures a `measure` card draws (measures.service.ts). */
export interface MeasureSource {
  measure(input: { actor: Actor; key: MeasureKey }): Promise<MeasureResult>;
}

export const DASHBOARD_MESSAGES = {
  cardMissing: '卡片不存在',
  cardsMissing: (ids: readonly string[]) => `卡片不存在或不可用：${ids.join('、')}`,
  notShared: (names: readonly string[]) => `角色默认布局只能使用共享卡片：${names.join('、')}`,
  groupMissing: '算法组不存在',
  versionMissing: (name: string, version: number) => `算法组「${name}」没有已发布的详情算法版本 ${version}`,
  objectMissing: '诊断对象不存在',
  roleMissing: '角色不存在',
  noContext: '没有可用于运行算法的诊断对象（学校或本人的对象）',
  measuresUnavailable: '内置指标暂不可用',
} as const;

/** What only 智能分析维护 may do: share a card with everyone, bind one to an algorithm, set a role's default. */
export const isDashboardManager = (actor: Actor) => can(actor, { kind: 'action', action: 'analysis.manage' });

const forbidden = () => new AppError('FORBIDDEN');

/** The run parameters of an algorithm for an object over a date range (the year of its start). */
export function paramsOf(object: ObjectContext, cycleStart: string, cycleEnd: string): AlgorithmParams {
  return {
    objectId: object.id,
    objectCode: object.code,
    departmentId: object.departmentId,
    cycleStart,
    cycleEnd,
    year: Number(cycleStart.slice(0, 4)),
  };
}

/** This calendar year, first to last day (the school's cards show the year so far and its deadlines). */
export function yearOf(now: Date): { start: string; end: string } {
  const { year } = zonedParts(now.getTime(), schoolTimeZone());
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

const cardOf = (actor: Actor, row: CardRow): DashboardCard => ({
  ...row,
  canEdit: isDashboardManager(actor) || row.creatorId === actor.userId,
});

const visibleTo = (actor: Actor) => (isDashboardManager(actor) ? undefined : actor.userId);

interface DashboardsDeps {
  repo: DashboardsRepo;
  runner: AlgorithmRunner;
  measures?: MeasureSource | undefined;
  now?: () => Date;
}

/**
 * 仪表盘: cards (any 首页 holder may make private number/chart/iframe cards over the built-in measures and
 * addresses; sharing and algorithm bindings are 智能分析维护's), their data, and layouts — one's own, else
 * the default of one's first role that has one.
 */
export function createDashboardsService(deps: DashboardsDeps) {
  const context = dashboardsContext(deps);
  return {
    ...dashboardCards(context),
    ...dashboardCardData(context),
    ...dashboardLayouts(context),
  };
}

/** What the parts share: the repo, the clock, and how a card the caller sees is read. */
function dashboardsContext(deps: DashboardsDeps) {
  const { repo } = deps;

  async function visibleCard(actor: Actor, id: string): Promise<CardRow> {
    const [row] = await repo.findCards({ ids: [id], visibleTo: visibleTo(actor) });
    if (!row) throw notFound(DASHBOARD_MESSAGES.cardMissing);
    return row;
  }

  return {
    repo,
    runner: deps.runner,
    measures: deps.measures,
    now: deps.now ?? (() => new Date()),
    visibleCard,
  };
}
type DashboardsContext = ReturnType<typeof dashboardsContext>;

/** The body checked against the database, as the row to write. */
async function cardWrite(
  repo: DashboardsRepo,
  input: { actor: Actor; body: CardBody; existing?: CardRow },
): Promise<CardWrite> {
  const { actor, body, existing } = input;
  const manager = isDashboardManager(actor);
  const isShared = body.isShared ?? existing?.isShared ?? manager;
  if (!manager && isShared) throw forbidden();
  // Only a maintainer binds a card to an algorithm: its rows come from the school's warehouse.
  if (!manager && body.source === 'algorithm') throw forbidden();
  let algorithmGroupId: string | null = null;
  let algorithmVersion: number | null = null;
  let objectId: string | null = null;
  if (body.source === 'algorithm') {
    const group = await repo.findGroup(body.algorithmGroupId ?? '');
    if (!group) throw new AppError('VALIDATION', DASHBOARD_MESSAGES.groupMissing);
    algorithmGroupId = group.id;
    algorithmVersion = body.algorithmVersion ?? null;
    if (algorithmVersion !== null) {
      if (!(await repo.detailVersionExists(group.id, algorithmVersion)))
        throw new AppError('VALIDATION', DASHBOARD_MESSAGES.versionMissing(group.name, algorithmVersion));
    } else if (group.detailVersion === null) {
      throw new AppError('VALIDATION', noCurrentVersionMessage(group.name, 'detail'));
    }
    if (body.objectId) {
      if (!(await repo.findObject(body.objectId)))
        throw new AppError('VALIDATION', DASHBOARD_MESSAGES.objectMissing);
      objectId = body.objectId;
    }
  }
  return {
    name: body.name,
    kind: body.kind,
    source: body.source,
    algorithmGroupId,
    algorithmVersion,
    measure: body.source === 'measure' ? (body.measure ?? null) : null,
    url: body.source === 'url' && body.url ? normalizeCardUrl(body.url) : null,
    config: { isShared, objectId },
  };
}

/** The card library: kinds, pages, and a card's creation, change and deletion. */
function dashboardCards({ repo, visibleCard }: DashboardsContext) {
  /** A card the actor may change: he sees it and is its creator or a manager. */
  async function editableCard(actor: Actor, id: string): Promise<CardRow> {
    const row = await visibleCard(actor, id);
    if (!isDashboardManager(actor) && row.creatorId !== actor.userId) throw forbidden();
    return row;
  }

  return {
    kinds: () => CARD_KINDS.map((kind: CardKind) => ({ id: kind, name: CARD_KIND_LABELS[kind] })),

    /** 可添加的卡片 (addable: shared and one's own) or the management list (maintainers: every card). */
    async pageCards(input: {
      actor: Actor;
      addable: boolean;
      filter: { keyword?: string | undefined; kind?: CardKind | undefined; source?: CardSource | undefined };
      paging: PagingQuery;
    }) {
      const page = await repo.pageCards(
        { ...input.filter, visibleTo: input.addable ? input.actor.userId : visibleTo(input.actor) },
        input.paging,
      );
      return { records: page.records.map((r) => cardOf(input.actor, r)), total: page.total };
    },

    async createCard(input: { actor: Actor; body: CardBody }): Promise<DashboardCard> {
      const write = await cardWrite(repo, { actor: input.actor, body: input.body });
      const id = newId();
      await repo.insertCard(id, input.actor.userId, write);
      return cardOf(input.actor, await visibleCard(input.actor, id));
    },

    async updateCard(input: { actor: Actor; body: CardUpdateBody }): Promise<DashboardCard> {
      const existing = await editableCard(input.actor, input.body.id);
      await repo.updateCard(
        existing.id,
        await cardWrite(repo, { actor: input.actor, body: input.body, existing }),
      );
      return cardOf(input.actor, await visibleCard(input.actor, existing.id));
    },

    async deleteCards(input: { actor: Actor; ids: readonly string[] }) {
      const ids = [...new Set(input.ids)];
      const cards = await repo.findCards({ ids, visibleTo: visibleTo(input.actor) });
      if (cards.length !== ids.length) throw notFound(DASHBOARD_MESSAGES.cardMissing);
      if (!isDashboardManager(input.actor) && cards.some((c) => c.creatorId !== input.actor.userId))
        throw forbidden();
      await repo.deleteCards(ids);
    },

    async algorithmGroups(input: { actor: Actor; keyword?: string | undefined }) {
      if (!isDashboardManager(input.actor)) throw forbidden();
      return repo.groupsWithDetail(input.keyword);
    },
  };
}

/** A card's data: a built-in measure, or its algorithm run for an object over this year. */
function dashboardCardData({ repo, runner, measures, now, visibleCard }: DashboardsContext) {
  async function runAlgorithmCard(actor: Actor, card: CardRow): Promise<MeasureResult> {
    const algorithm = await runner.resolve(
      card.algorithmGroupId ?? '',
      'detail',
      card.algorithmVersion ?? undefined,
    );
    const object = card.objectId
      ? await repo.findObject(card.objectId)
      : await repo.callerContext(actor.userId);
    if (!object) throw new AppError('UNPROCESSABLE', DASHBOARD_MESSAGES.noContext);
    const { start, end } = yearOf(now());
    const run = await runner.run(algorithm, paramsOf(object, start, end));
    return rowsToMeasure({
      key: card.id,
      label: card.name,
      kind: card.kind,
      columns: run.columns,
      rows: run.rows,
      asOf: now().toISOString(),
    });
  }

  return {
    /** A card's data as a MeasureResult; the iframe viewer has none (null). */
    async cardData(input: { actor: Actor; id: string }): Promise<MeasureResult | null> {
      const card = await visibleCard(input.actor, input.id);
      if (card.source === 'url') return null;
      if (card.source === 'measure') {
        if (!measures) throw new AppError('UNPROCESSABLE', DASHBOARD_MESSAGES.measuresUnavailable);
        return measures.measure({ actor: input.actor, key: card.measure as MeasureKey });
      }
      return runAlgorithmCard(input.actor, card);
    },
  };
}

/** Layouts: one's own, a role's default, and saving or clearing either. */
function dashboardLayouts({ repo }: DashboardsContext) {
  async function layoutItems(
    actor: Actor,
    rows: Awaited<ReturnType<DashboardsRepo['layoutOf']>>,
    shared: boolean,
  ) {
    const cards = await repo.findCards({
      ids: rows.map((r) => r.cardId),
      visibleTo: shared ? undefined : visibleTo(actor),
    });
    const byId = new Map(cards.map((c) => [c.id, c]));
    // A card since made private (or a role default's card no longer shared) drops out of the board.
    return rows.flatMap((r) => {
      const card = byId.get(r.cardId);
      if (!card || (shared && !card.isShared && !isDashboardManager(actor))) return [];
      return [{ ...r, card: cardOf(actor, card) }];
    });
  }

  async function roleLayout(actor: Actor, roleId: string): Promise<DashboardLayout> {
    return {
      origin: 'role',
      roleId,
      items: await layoutItems(actor, await repo.layoutOf('role', roleId), true),
    };
  }

  async function assertRole(actor: Actor, roleId: string) {
    if (!isDashboardManager(actor)) throw forbidden();
    if (!(await repo.roleExists(roleId))) throw new AppError('VALIDATION', DASHBOARD_MESSAGES.roleMissing);
  }

  const layouts = {
    /** One's own layout, else the default of one's first role that has one, else nothing. */
    async layout(input: { actor: Actor; roleId?: string | undefined }): Promise<DashboardLayout> {
      const { actor, roleId } = input;
      if (roleId) {
        await assertRole(actor, roleId);
        return roleLayout(actor, roleId);
      }
      const own = await repo.layoutOf('user', actor.userId);
      if (own.length) return { origin: 'user', roleId: null, items: await layoutItems(actor, own, false) };
      const role = await repo.firstRoleWithLayout(actor.roleIds);
      if (role) return roleLayout(actor, role);
      return { origin: 'empty', roleId: null, items: [] };
    },

    async saveLayout(input: { actor: Actor; body: LayoutSaveBody }): Promise<DashboardLayout> {
      const { actor, body } = input;
      const roleId = body.roleId || undefined;
      if (roleId) await assertRole(actor, roleId);
      const ids = body.list.map((i) => i.cardId);
      const cards = await repo.findCards({ ids, visibleTo: visibleTo(actor) });
      const found = new Set(cards.map((c) => c.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw new AppError('VALIDATION', DASHBOARD_MESSAGES.cardsMissing(missing));
      if (roleId) {
        const private_ = cards.filter((c) => !c.isShared).map((c) => c.name);
        if (private_.length) throw new AppError('VALIDATION', DASHBOARD_MESSAGES.notShared(private_));
      }
      const rows = body.list.map(({ cardId, x, y, w, h }) => ({ cardId, x, y, w, h }));
      await repo.replaceLayout(roleId ? 'role' : 'user', roleId ?? actor.userId, rows);
      return layouts.layout({ actor, roleId });
    },

    /** 恢复默认: one's own layout goes (the role default shows again); a maintainer may clear a role's. */
    async resetLayout(input: { actor: Actor; roleId?: string | undefined }): Promise<DashboardLayout> {
      const roleId = input.roleId || undefined;
      if (roleId) await assertRole(input.actor, roleId);
      await repo.replaceLayout(roleId ? 'role' : 'user', roleId ?? input.actor.userId, []);
      return layouts.layout({ actor: input.actor, roleId });
    },
  };
  return layouts;
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;

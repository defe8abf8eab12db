import { createHash } from 'node:crypto';
import type { FormDefinition, FormOptions, FormRecord, PublicLink } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  assertKnownKeys,
  assertManager,
  checkSubmission,
  definitionAt,
  formatTime,
  COLLECT_MESSAGES as M,
  unprocessable,
} from './collect.model.ts';
import type { CollectQueries, CollectRepo, PublicLinkRow } from './collect.repo.ts';
import { warehouseTargetOf } from './collect-data.service.ts';

/** The public page: at most this many answers per address and link in the window. */
export const PUBLIC_THROTTLE = { max: 5, windowMs: 10 * 60_000 } as const;

const toLink = (row: PublicLinkRow): PublicLink => ({
  id: row.id,
  formId: row.formId,
  title: row.title,
  maxSubmissions: row.maxSubmissions,
  submissionCount: row.submissionCount,
  isClosed: row.isClosed,
  createdAt: formatTime(row.createdAt),
});

/**
 * A public answer has no audit and no task to sync: accepted is passed, so it reaches the form's
 * warehouse table in the answer's own transaction (a refused answer never does), under the task sync's
 * rule (`syn` forms with a table keyed by record_id). The same statement brings any earlier answer of
 * the form the table lacks, such as those taken before answers were mirrored.
 */
async function mirrorPublicAnswers(
  tx: CollectQueries,
  form: { id: string; name: string; syncType: string; warehouseTableId: string | null },
  definition: FormDefinition,
) {
  const target = await warehouseTargetOf(tx, form);
  if ('skipped' in target) return;
  await tx.insertPublicWarehouseRows({
    ...target,
    fieldKeys: definition.fields.map((f) => f.key),
    formId: form.id,
  });
}

/** 公开链接: a published form answered at /tableConfiguration/{id} by respondents outside the school. */
export function createPublicLinksService(deps: {
  repo: CollectRepo;
  /** The option lists of the design's select components (forms.service.ts loadFieldOptions). */
  fieldOptions: (definition: FormDefinition) => Promise<FormOptions>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function liveLink(linkId: string) {
    const link = await repo.findLink(linkId);
    if (!link) throw notFound(M.linkNotFound);
    const form = await repo.findForm(link.formId);
    if (form?.publishState !== 'published' || form.publishedVersion === null) throw notFound(M.linkNotFound);
    return { link, form, version: form.publishedVersion };
  }
  function assertOpen(link: PublicLinkRow) {
    if (link.isClosed) unprocessable(M.linkClosed);
    if (link.submissionCount >= link.maxSubmissions) unprocessable(M.linkFull);
  }

  return {
    async createLink(actor: Actor, formId: string, body: { title: string; maxSubmissions: number }) {
      assertManager(actor);
      const form = await repo.findForm(formId);
      if (!form) throw notFound(M.formNotFound);
      if (form.publishState !== 'published') unprocessable(M.formUnpublished(form.name));
      const [row] = await repo.insertLink({ id: newId(), formId, ...body, createdBy: actor.userId });
      return toLink(row!);
    },
    async links(actor: Actor, formId: string) {
      assertManager(actor);
      if (!(await repo.findForm(formId))) throw notFound(M.formNotFound);
      return (await repo.linksOfForm(formId)).map(toLink);
    },
    async closeLink(actor: Actor, linkId: string) {
      assertManager(actor);
      const row = await repo.closeLink(linkId);
      if (!row) throw notFound(M.linkNotFound);
      return toLink(row);
    },

    async publicForm(linkId: string) {
      const { link, form, version } = await liveLink(linkId);
      assertOpen(link);
      const definition = await definitionAt(repo, form.id, version);
      return {
        linkId: link.id,
        title: link.title,
        formName: form.name,
        definition,
        options: await deps.fieldOptions(definition),
        remaining: link.maxSubmissions - link.submissionCount,
      };
    },

    /**
     * An answer from outside the school, checked like a commit. The link's counter is taken in the
     * same transaction (closed or full refuses), then the address's answers of the last ten minutes.
     */
    async publicSubmit(input: { linkId: string; data: FormRecord; address: string }) {
      const { link, form, version } = await liveLink(input.linkId);
      assertOpen(link);
      const definition = await definitionAt(repo, form.id, version);
      assertKnownKeys(definition, input.data);
      const addressHash = createHash('sha256').update(`${link.id}\u0000${input.address}`).digest('hex');
      const recordId = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const taken = await tx.takeSubmission(link.id);
            if (!taken) {
              const current = await tx.findLink(link.id);
              unprocessable(current?.isClosed ? M.linkClosed : M.linkFull);
            }
            const since = new Date(now().getTime() - PUBLIC_THROTTLE.windowMs);
            if ((await tx.recentHits(link.id, addressHash, since)) >= PUBLIC_THROTTLE.max)
              throw new AppError('TOO_MANY_REQUESTS', M.throttled);
            const claims = await checkSubmission({
              q: tx,
              formId: form.id,
              definition,
              records: [{ id: recordId, data: input.data }],
            });
            await tx.insertRecord({
              id: recordId,
              formId: form.id,
              publicLinkId: link.id,
              data: input.data,
              revision: 1,
            });
            await tx.claim(claims);
            await tx.addHit(link.id, addressHash, since);
            await mirrorPublicAnswers(tx, form, definition);
          }),
        { conflict: '提交的唯一字段的值刚刚被其他提交占用，请检查后重新提交' },
      );
      return { recordId };
    },
  };
}

export type PublicLinksService = ReturnType<typeof createPublicLinksService>;

/**
 * The read side of a quality report: what the caller may do with it (`rightsOf`), its list row
 * (`toSummary`) and the whole page (`createReportView`): overview, narrative, 改进成效 and header, all read
 * live through the report's scope.
 */
import * as S from '@eduqa/contract';
import {
  type CalcMode,
  canEditReport,
  computeOverview,
  type DataType,
  DEFAULT_NARRATIVES,
  type Direction,
  defaultTemplateSections,
  type Improvement,
  improvementTrend,
  narrativeValues,
  type ReportRights,
  type ReportSummary,
  type ReportView,
  type ReviewResult,
  renderNarrative,
  sectionHasContent,
  type TemplateSection,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { ImprovementFact, PointFact } from './report-data.repo.ts';
import { rolesOf } from './reports.access.ts';
import type { QualityReportsRepo, ReportRow, ReportScopeKey } from './reports.repo.ts';

/** Header items listed on the report; the rest are counted. */
const HEADER_ITEMS_SHOWN = 50;
export const day = (at: Date | string | null) =>
  at ? (formatDateTime(new Date(at)) ?? '').slice(0, 10) : '';
export const time = (at: Date | string | null) => (at ? (formatDateTime(new Date(at)) ?? '') : null);
export const num = (v: number | string | null) => (v === null ? null : Number(v));

export const NO_RIGHTS: ReportRights = {
  canEdit: false,
  canSubmit: false,
  canAssignExperts: false,
  canExpertReview: false,
  canSchoolReview: false,
  canReject: false,
  canShare: false,
  canDiscuss: false,
  canDelete: false,
};

/**
 * What the caller may do with a report (the screen shows these buttons; the service checks the same
 * rules again on each call). Someone who reads it only through a share may do nothing.
 */
export function rightsOf(actor: Actor, row: ReportRow): ReportRights {
  const { manages, schoolReviews } = rolesOf(actor);
  const me = actor.userId;
  const owns = row.creatorUserId === me || row.principalUserId === me;
  const isOwner = row.ownerUserId === me;
  if (row.isShared && !manages && !schoolReviews && !isOwner) return NO_RIGHTS;
  const editable = canEditReport(row.state).ok;
  const inReview = row.state === 'submitted' || row.state === 'expertReview' || row.state === 'schoolReview';
  const expertTurn = row.isExpert && row.state === 'expertReview' && !row.hasReviewed;
  return {
    canEdit: (owns || manages) && editable,
    canSubmit: owns && editable,
    canAssignExperts: manages && (row.state === 'submitted' || row.state === 'expertReview'),
    canExpertReview: expertTurn,
    canSchoolReview: schoolReviews && row.state === 'schoolReview',
    canReject: (manages && inReview) || (schoolReviews && row.state === 'schoolReview') || expertTurn,
    canShare: owns || manages,
    canDiscuss: row.state !== 'done' && (owns || manages || isOwner || row.isExpert || schoolReviews),
    canDelete: (row.creatorUserId === me || manages) && editable,
  };
}

export function toSummary(actor: Actor, row: ReportRow): ReportSummary {
  const rights = rightsOf(actor, row);
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    taskId: row.taskId,
    taskName: row.taskName,
    subjectName: row.subjectName,
    principalName: row.principalName,
    creatorName: row.creatorName,
    state: row.state,
    createdOn: day(row.createdAt),
    expertResult: row.expertResult,
    schoolResult: row.schoolResult,
    score: num(row.score),
    isShared: rights === NO_RIGHTS,
    rights,
  };
}

export const keyOf = (
  row: Pick<ReportRow, 'taskId' | 'scope' | 'objectTaskId' | 'departmentId'>,
): ReportScopeKey => ({
  taskId: row.taskId,
  scope: row.scope,
  objectTaskId: row.objectTaskId,
  departmentId: row.departmentId,
});

export const sealUrl = (kind: 'expert' | 'school', result: ReviewResult) =>
  S.sealImageUrl(S.QUALITY_REPORT_BASE, kind, result);

/** The overview of the report's points: a point without a second level counts under its first. */
const overviewOf = (facts: readonly PointFact[]) =>
  computeOverview(
    facts.map((f) => ({
      pointName: f.pointName,
      level1: f.level1 ?? '',
      level2: f.level2 ?? f.level1 ?? '',
      grade: f.grade,
      hasResult: f.hasResult,
      below: f.below,
      warnings: f.warnings,
      handledWarnings: f.handled,
    })),
  );

const toImprovement = (r: ImprovementFact): Improvement => ({
  pointName: r.pointName,
  objectName: r.objectName,
  lastTaskName: r.lastTaskName,
  lastValue: r.lastValue,
  currentValue: r.currentValue,
  measure: r.measure,
  reason: r.wasBelow && r.wasWarned ? 'both' : r.wasBelow ? 'below' : 'warned',
  trend: improvementTrend(
    {
      dataType: r.dataType as DataType,
      direction: r.direction as Direction,
      calcMode: r.calcMode as CalcMode,
    },
    r.lastValue,
    r.currentValue,
  ),
});

/** The template's checked sections that have something to show, numbered, with their narrative filled in. */
function sectionsOf(input: {
  template: { sections: TemplateSection[] } | undefined;
  overview: ReturnType<typeof computeOverview>;
  improvements: number;
  explains: number;
}) {
  const { overview } = input;
  const values = narrativeValues(overview);
  return (input.template?.sections ?? defaultTemplateSections())
    .filter(
      (s) =>
        s.enabled &&
        sectionHasContent(s.key, { overview, improvements: input.improvements, explains: input.explains }),
    )
    .map((s, i) => ({
      key: s.key,
      number: i + 1,
      title: s.title,
      narrative: renderNarrative(s.narrative.trim() || DEFAULT_NARRATIVES[s.key], values),
    }));
}

/** The report's page as the caller sees it, built from its repo's reads. */
export function createReportView(repo: QualityReportsRepo) {
  async function buildView(actor: Actor, row: ReportRow): Promise<ReportView> {
    const key = keyOf(row);
    const [facts, items, itemCount, improvementRows, explains, experts, shares, template] = await Promise.all(
      [
        repo.pointFacts(key),
        repo.headerItems(key, HEADER_ITEMS_SHOWN),
        repo.countObjectTasks(key),
        repo.improvements(key),
        repo.explains(row.id),
        repo.experts(row.id),
        repo.shares(row.id),
        row.templateId ? repo.template(row.templateId) : Promise.resolve(undefined),
      ],
    );
    const overview = overviewOf(facts);
    const improvements = improvementRows.map(toImprovement);
    const sections = sectionsOf({
      template,
      overview,
      improvements: improvements.length,
      explains: explains.length,
    });
    const [expertSeal, schoolSeal] = await Promise.all([
      row.expertResult ? repo.seal('expert', row.expertResult) : null,
      row.schoolResult ? repo.seal('school', row.schoolResult) : null,
    ]);
    return {
      ...toSummary(actor, row),
      header: {
        items: items.map((i) => ({ name: i.name, person: i.person ?? '', id: i.id })),
        itemCount,
        principal: row.principalName,
        reportTime: day(row.createdAt),
        expertSeal: expertSeal && row.expertResult ? sealUrl('expert', row.expertResult) : null,
        schoolSeal: schoolSeal && row.schoolResult ? sealUrl('school', row.schoolResult) : null,
      },
      templateId: row.templateId,
      coverId: row.coverId,
      rejectReason: row.state === 'rejected' ? row.rejectReason : null,
      overview,
      sections,
      improvements,
      explains,
      experts,
      shares: {
        users: shares.flatMap((s) => (s.userId ? [{ id: s.userId, name: s.name }] : [])),
        departments: shares.flatMap((s) => (s.departmentId ? [{ id: s.departmentId, name: s.name }] : [])),
      },
      generatedAt: time(row.generatedAt),
    };
  }
  return buildView;
}

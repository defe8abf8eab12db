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
import { rolesOf } from './reports.access.ts';
import type { QualityReportsRepo, ReportDbRow, ReportScopeKey } from './reports.repo.ts';

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
export function rightsOf(actor: Actor, row: ReportDbRow): ReportRights {
  const { manages, schoolReviews } = rolesOf(actor);
  const me = actor.userId;
  const owns = row.creator_user_id === me || row.principal_user_id === me;
  const isOwner = row.owner_user_id === me;
  if (row.is_shared && !manages && !schoolReviews && !isOwner) return NO_RIGHTS;
  const editable = canEditReport(row.state).ok;
  const inReview = row.state === 'submitted' || row.state === 'expertReview' || row.state === 'schoolReview';
  const expertTurn = row.is_expert && row.state === 'expertReview' && !row.has_reviewed;
  return {
    canEdit: (owns || manages) && editable,
    canSubmit: owns && editable,
    canAssignExperts: manages && (row.state === 'submitted' || row.state === 'expertReview'),
    canExpertReview: expertTurn,
    canSchoolReview: schoolReviews && row.state === 'schoolReview',
    canReject: (manages && inReview) || (schoolReviews && row.state === 'schoolReview') || expertTurn,
    canShare: owns || manages,
    canDiscuss: row.state !== 'done' && (owns || manages || isOwner || row.is_expert || schoolReviews),
    canDelete: (row.creator_user_id === me || manages) && editable,
  };
}

export function toSummary(actor: Actor, row: ReportDbRow): ReportSummary {
  const rights = rightsOf(actor, row);
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    taskId: row.task_id,
    taskName: row.task_name,
    subjectName: row.subject_name,
    principalName: row.principal_name,
    creatorName: row.creator_name,
    state: row.state,
    createdOn: day(row.created_at),
    expertResult: row.expert_result,
    schoolResult: row.school_result,
    score: num(row.score),
    isShared: rights === NO_RIGHTS,
    rights,
  };
}

export const keyOf = (
  row: Pick<ReportDbRow, 'task_id' | 'scope' | 'object_task_id' | 'department_id'>,
): ReportScopeKey => ({
  taskId: row.task_id,
  scope: row.scope,
  objectTaskId: row.object_task_id,
  departmentId: row.department_id,
});

export const sealUrl = (kind: 'expert' | 'school', result: ReviewResult) =>
  `${S.QUALITY_REPORT_BASE}/report/seal/image?kind=${kind}&fhjg=${result}`;

/** The report's page as the caller sees it, built from its repo's reads. */
export function createReportView(repo: QualityReportsRepo) {
  async function buildView(actor: Actor, row: ReportDbRow): Promise<ReportView> {
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
        row.template_id ? repo.template(row.template_id) : Promise.resolve(undefined),
      ],
    );
    const overview = computeOverview(
      facts.map((f) => ({
        pointName: f.point_name,
        level1: f.level1 ?? '',
        level2: f.level2 ?? f.level1 ?? '',
        grade: f.grade,
        hasResult: f.has_result,
        below: f.below,
        warnings: Number(f.warnings),
        handledWarnings: Number(f.handled),
      })),
    );
    const improvements: Improvement[] = improvementRows.map((r) => ({
      pointName: r.point_name,
      objectName: r.object_name,
      lastTaskName: r.last_task_name,
      lastValue: r.last_value,
      currentValue: r.current_value,
      measure: r.measure,
      reason: r.was_below && r.was_warned ? 'both' : r.was_below ? 'below' : 'warned',
      trend: improvementTrend(
        {
          dataType: r.data_type as DataType,
          direction: r.direction as Direction,
          calcMode: r.calc_mode as CalcMode,
        },
        r.last_value,
        r.current_value,
      ),
    }));
    const values = narrativeValues(overview);
    const sections = ((template?.sections as TemplateSection[] | undefined) ?? defaultTemplateSections())
      .filter(
        (s) =>
          s.enabled &&
          sectionHasContent(s.key, {
            overview,
            improvements: improvements.length,
            explains: explains.length,
          }),
      )
      .map((s, i) => ({
        key: s.key,
        number: i + 1,
        title: s.title,
        narrative: renderNarrative(s.narrative.trim() || DEFAULT_NARRATIVES[s.key], values),
      }));
    const [expertSeal, schoolSeal] = await Promise.all([
      row.expert_result ? repo.seal('expert', row.expert_result) : null,
      row.school_result ? repo.seal('school', row.school_result) : null,
    ]);
    return {
      ...toSummary(actor, row),
      header: {
        items: items.map((i) => ({ name: i.name, person: i.person ?? '', id: i.id })),
        itemCount,
        principal: row.principal_name,
        reportTime: day(row.created_at),
        expertSeal: expertSeal && row.expert_result ? sealUrl('expert', row.expert_result) : null,
        schoolSeal: schoolSeal && row.school_result ? sealUrl('school', row.school_result) : null,
      },
      templateId: row.template_id,
      coverId: row.cover_id,
      rejectReason: row.state === 'rejected' ? row.reject_reason : null,
      overview,
      sections,
      improvements,
      explains: explains.map((e) => ({ name: e.name, text: e.content })),
      experts: experts.map((e) => ({ userId: e.user_id, name: e.name, reviewed: e.reviewed })),
      shares: {
        users: shares.filter((s) => s.user_id).map((s) => ({ id: s.user_id!, name: s.name })),
        departments: shares
          .filter((s) => s.department_id)
          .map((s) => ({ id: s.department_id!, name: s.name })),
      },
      generatedAt: time(row.generated_at),
    };
  }
  return buildView;
}

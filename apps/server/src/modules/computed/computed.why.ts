import {
  type ComputedWhy,
  effectiveValue,
  GATE_FLAG_LABELS,
  KEPT_TYPED_NOTE,
  pickResultSample,
  REPLACED_TYPED_NOTE,
  RESULT_SOURCE_RULE,
  type ResultOrigin,
  type SampleLineage,
  sampleCycleOf,
  type WhySample,
} from '@eduqa/contract';
import { AppError } from '../../platform/errors.ts';
import { formatDateTime, schoolTimeZone } from '../../platform/time.ts';
import type { AlgorithmRunner } from './computed.ports.ts';
import type { ComputedRepo, OriginSampleRow, TargetRow } from './computed.repo.ts';

/**
 * 为什么是这个值 (issue 26): the source of the value actually used, found by the same rule the recompute
 * grades with (`pickResultSample`, contract `result-source.ts`), so that the explanation cannot name an
 * algorithm for a value someone typed.
 */
export interface WhyDeps {
  repo: ComputedRepo;
  runner: AlgorithmRunner;
}

type Revision = Awaited<ReturnType<ComputedRepo['revision']>>;

const when = (iso: string | null) => (iso ? (formatDateTime(new Date(iso)) ?? iso).slice(0, 16) : '时间不详');

const NO_ORIGIN: ResultOrigin = {
  kind: 'none',
  value: null,
  cycleKey: null,
  sampledAt: null,
  enteredBy: null,
  enteredAt: null,
  lineage: null,
};

/** The result algorithm's current version, or why it could not be read. */
async function currentAlgorithm(deps: WhyDeps, t: TargetRow) {
  if (!t.resultGroupId) return { algorithm: null, error: null };
  try {
    const current = await deps.runner.resolve(t.resultGroupId, 'result');
    const changedBy = current.changedBy
      ? ((await deps.repo.userName(current.changedBy)) ?? current.changedBy)
      : null;
    return {
      algorithm: {
        groupId: current.groupId,
        groupName: current.groupName,
        currentVersion: current.version,
        changedBy,
        changedAt: current.changedAt,
      },
      error: null,
    };
  } catch (error) {
    return { algorithm: null, error: error instanceof AppError ? error.message : '算法信息读取失败' };
  }
}

/** The origin of a sample the rule chose. */
function sampleOrigin(
  sample: OriginSampleRow,
  cycleKey: string | null,
  lineage: readonly SampleLineage[],
): ResultOrigin {
  const typed = sample.source === 'typed';
  return {
    kind: sample.source,
    value: sample.value,
    cycleKey,
    sampledAt: new Date(sample.ms).toISOString(),
    enteredBy: typed ? sample.enteredBy : null,
    enteredAt: typed ? sample.enteredAt : null,
    lineage: typed ? null : (lineage.find((l) => l.sampleId === sample.id) ?? null),
  };
}

/** Why a typed value is the result: the collection had nothing for its cycle, held its value, or never ran. */
async function keptReason(deps: WhyDeps, t: TargetRow, cycleKey: string | null): Promise<string> {
  const found = await deps.repo.lastCollected(t.assignedPointId, t.samplingPeriod === 'no' ? null : cycleKey);
  if (!found) return '该周期尚未采集入库，保留手工录入值';
  if (found.held) return `本周期的采集值 ${found.value ?? '-'} 已暂缓入库，保留手工录入值`;
  const flags = found.flags.map((f) => GATE_FLAG_LABELS[f]).join('、');
  return flags ? `${KEPT_TYPED_NOTE}（本周期采集结果：${flags}）` : KEPT_TYPED_NOTE;
}

/** The note on a collected result: which version computed it, and whether it took a typed value's place. */
function collectedNote(input: {
  origin: ResultOrigin;
  algorithm: ComputedWhy['algorithm'];
  replacedValues: string[];
}): string {
  const { origin, algorithm } = input;
  const l = origin.lineage;
  const source =
    l?.method === 'interface'
      ? `当前结果由接口 ${l.endpointUrl ?? ''} 采集`
      : `当前结果由算法“${l?.groupName ?? algorithm?.groupName ?? '-'}”版本 ${l?.version ?? '-'} 计算`;
  const parts = [`${source}（${origin.cycleKey ?? '-'} 周期，输入 ${l?.inputRows ?? 0} 行）`];
  if (l?.version != null && algorithm && l.version !== algorithm.currentVersion)
    parts.push(`算法当前为版本 ${algorithm.currentVersion}，重新采集后才会生效`);
  if (input.replacedValues.length) parts.push(`${REPLACED_TYPED_NOTE}（${input.replacedValues.join('、')}）`);
  return parts.join('；');
}

/** The origin of the result and its note, by the rule. */
async function originOf(
  deps: WhyDeps,
  input: {
    t: TargetRow;
    samples: OriginSampleRow[];
    lineage: SampleLineage[];
    revision: Revision;
    algorithm: ComputedWhy['algorithm'];
  },
): Promise<{ origin: ResultOrigin; note: string; usedId: string | null; replaced: ReadonlySet<string> }> {
  const { t, samples, revision } = input;
  const zone = schoolTimeZone();
  const pick = pickResultSample(samples, {
    period: t.samplingPeriod,
    startDate: t.taskStart,
    endDate: t.taskEnd,
    timeZone: zone,
  });
  const base = pick.chosen ? sampleOrigin(pick.chosen, pick.cycleKey, input.lineage) : null;
  const revised = effectiveValue(null, revision.revisedResult);
  if (revised !== null) {
    const by = `${revision.revisedBy ?? '负责人'} 于 ${when(revision.revisedAt)} 修正`;
    const before = base
      ? `；修正前的结果 ${base.value} 来自${base.kind === 'typed' ? '手工录入' : '采集'}`
      : '';
    const origin: ResultOrigin = {
      ...NO_ORIGIN,
      kind: 'revised',
      value: revised,
      enteredBy: revision.revisedBy,
      enteredAt: revision.revisedAt,
    };
    return {
      origin,
      note: `当前结果为修正结果值 ${revised}（${by}）${before}`,
      usedId: null,
      replaced: pick.replaced,
    };
  }
  if (!base) {
    const typedResult = effectiveValue(t.result, null);
    const origin: ResultOrigin = typedResult
      ? { ...NO_ORIGIN, kind: 'typed', value: typedResult }
      : NO_ORIGIN;
    const note = typedResult ? '当前结果为直接填写的结果值，没有采样记录' : '尚未采集入库';
    return { origin, note, usedId: null, replaced: pick.replaced };
  }
  if (base.kind === 'typed') {
    const by = `${base.enteredBy ?? '录入人不详'} 于 ${when(base.enteredAt)} 录入`;
    const reason = await keptReason(deps, t, pick.cycleKey);
    const note = `当前结果为手工录入值 ${base.value}（${by}）；${reason}`;
    return { origin: base, note, usedId: pick.chosen!.id, replaced: pick.replaced };
  }
  const replacedValues = samples
    .filter((s) => pick.replaced.has(s.id) && sampleCycleOf(t.samplingPeriod, s.ms, zone) === pick.cycleKey)
    .map((s) => s.value);
  const note = collectedNote({ origin: base, algorithm: input.algorithm, replacedValues });
  return { origin: base, note, usedId: pick.chosen!.id, replaced: pick.replaced };
}

/** Every sample, newest first, typed or collected, and what the rule made of it. */
function whySamples(
  t: TargetRow,
  samples: OriginSampleRow[],
  picked: { usedId: string | null; replaced: ReadonlySet<string> },
): WhySample[] {
  return [...samples].reverse().map((s) => ({
    sampleId: s.id,
    sampledAt: new Date(s.ms).toISOString(),
    cycleKey: sampleCycleOf(t.samplingPeriod, s.ms, schoolTimeZone()),
    value: s.value,
    source: s.source,
    enteredBy: s.enteredBy,
    enteredAt: s.enteredAt,
    used: s.id === picked.usedId,
    replaced: picked.replaced.has(s.id),
  }));
}

/** A point reported by hand has no binding and no lineage: its value is the charger's. */
const reportedByHand = (assignedPointId: string): ComputedWhy => ({
  assignedPointId,
  result: null,
  grade: null,
  collectionMethod: 'report',
  source: NO_ORIGIN,
  rule: RESULT_SOURCE_RULE,
  samples: [],
  lineage: [],
  algorithm: null,
  note: '该质控点为手工填报，结果由填报人录入，没有算法来源',
});

/** Where a point's result came from: the value used and its source, every sample, the algorithm's version. */
export async function explainPoint(deps: WhyDeps, assignedPointId: string): Promise<ComputedWhy> {
  const t = (await deps.repo.target(assignedPointId)) ?? null;
  if (!t) return reportedByHand(assignedPointId);
  const lineage = await deps.repo.lineage(assignedPointId);
  const samples = await deps.repo.originSamples(assignedPointId);
  const revision = await deps.repo.revision(assignedPointId);
  const { algorithm, error } = await currentAlgorithm(deps, t);
  const found = await originOf(deps, { t, samples, lineage, revision, algorithm });
  return {
    assignedPointId,
    result: effectiveValue(t.result, revision.revisedResult),
    grade: t.grade,
    collectionMethod: t.collectionMethod,
    source: found.origin,
    rule: RESULT_SOURCE_RULE,
    samples: whySamples(t, samples, found),
    lineage,
    algorithm,
    note: error ? `${found.note}；${error}` : found.note,
  };
}

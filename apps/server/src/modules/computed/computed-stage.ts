import { parseValue } from '@eduqa/contract';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { cyclesOfTarget, type SamplingCycle, sampledAtOf } from './computed.cycles.ts';
import { gateOf, valueText } from './computed.gate.ts';
import {
  fetchInterfaceRows,
  InterfaceError,
  type InterfaceLimits,
  type InterfaceRow,
  missingFieldReason,
} from './computed.interface.ts';
import type {
  AlgorithmParams,
  AlgorithmRun,
  AlgorithmRunner,
  BatchRuns,
  ResolvedAlgorithm,
} from './computed.ports.ts';
import type { ComputedRepo, RunValueInsert, TargetRow } from './computed.repo.ts';

/** What one value of one object and cycle came out as, before the gate. */
interface Fetched {
  present: boolean;
  raw: unknown;
  inputRows: number;
  error: string | null;
  elapsedMs: number;
}

/** The source of one point for a whole run: its resolved algorithm or its endpoint's rows, or why not. */
type Source =
  | { kind: 'algorithm'; algorithm: ResolvedAlgorithm }
  | { kind: 'interface'; rows: InterfaceRow[]; url: string; valueField: string }
  | { kind: 'failed'; message: string };

/** A Chinese message of anything thrown while collecting: our own errors speak, the rest stay generic. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof AppError || error instanceof InterfaceError ? error.message : fallback;

export const paramsOf = (t: TargetRow, cycle: SamplingCycle): AlgorithmParams => ({
  objectId: t.objectId,
  objectCode: t.objectCode,
  departmentId: t.departmentId,
  cycleStart: cycle.start,
  cycleEnd: cycle.end,
  year: Number(cycle.start.slice(0, 4)),
});

/**
 * The value of a result algorithm's answer: the `value` column of its one row (or its only column). The
 * number of input rows is the row's `input_rows` column when the SQL reports it, else the rows answered.
 */
export function resultOf(rows: Record<string, unknown>[]): Omit<Fetched, 'elapsedMs'> {
  if (rows.length === 0) return { present: false, raw: null, inputRows: 0, error: null };
  if (rows.length > 1)
    return {
      present: true,
      raw: null,
      inputRows: rows.length,
      error: `结果算法返回了 ${rows.length} 行，应只有一行`,
    };
  const row = rows[0]!;
  const keys = Object.keys(row);
  const raw = 'value' in row ? row.value : keys.length === 1 ? row[keys[0]!] : undefined;
  if (raw === undefined)
    return { present: true, raw: null, inputRows: 1, error: '结果算法没有名为 value 的列' };
  const reported = Number(row.input_rows);
  return {
    present: true,
    raw,
    inputRows: Number.isInteger(reported) && reported >= 0 ? reported : 1,
    error: null,
  };
}

/** A run's answer, or what it threw, as the value it gives. */
function fetchedOf(outcome: AlgorithmRun | Error): Fetched {
  if (outcome instanceof Error)
    return {
      present: false,
      raw: null,
      inputRows: 0,
      error: messageOf(outcome, '算法执行失败'),
      elapsedMs: 0,
    };
  return { ...resultOf(outcome.rows), elapsedMs: Math.round(outcome.elapsedMs) };
}

export function runAlgorithm(
  runner: Pick<AlgorithmRunner, 'run'>,
  algorithm: ResolvedAlgorithm,
  params: AlgorithmParams,
): Promise<Fetched> {
  return runner
    .run(algorithm, params)
    .then(fetchedOf, (error: unknown) =>
      fetchedOf(error instanceof Error ? error : new Error(String(error))),
    );
}

/**
 * An interface row of the object inside the cycle: the latest dated one; undated rows count for the last
 * cycle. A row without the value field is the answer's fault, told as such (not as an empty value).
 */
function fromInterface(
  source: Extract<Source, { kind: 'interface' }>,
  code: string,
  cycle: SamplingCycle,
  isLast: boolean,
): Fetched {
  let found: InterfaceRow | null = null;
  let matched = 0;
  for (const row of source.rows) {
    if (row.code !== code) continue;
    const inside = row.day === null ? isLast : row.day >= cycle.start && row.day <= cycle.end;
    if (!inside) continue;
    matched += 1;
    if (!found || (row.day ?? '') >= (found.day ?? '')) found = row;
  }
  return {
    present: found !== null,
    raw: found?.value ?? null,
    inputRows: matched,
    error: found && found.value === undefined ? missingFieldReason(source.valueField) : null,
    elapsedMs: 0,
  };
}

export interface StageDeps {
  repo: ComputedRepo;
  runner: AlgorithmRunner;
  interfaceLimits: InterfaceLimits;
}

async function sourceOf(deps: StageDeps, t: TargetRow): Promise<Source> {
  if (t.collectionMethod === 'interface') {
    if (!t.endpointUrl || !t.codeField || !t.valueField)
      return { kind: 'failed', message: '该质控点未配置接口地址或字段映射' };
    try {
      const rows = await fetchInterfaceRows(
        {
          url: t.endpointUrl,
          listPath: t.listPath,
          codeField: t.codeField,
          valueField: t.valueField,
          dateField: t.dateField,
        },
        deps.interfaceLimits,
      );
      return { kind: 'interface', rows, url: t.endpointUrl, valueField: t.valueField };
    } catch (error) {
      return { kind: 'failed', message: messageOf(error, '接口读取失败') };
    }
  }
  if (!t.resultGroupId) return { kind: 'failed', message: '该质控点未配置结果算法' };
  try {
    return { kind: 'algorithm', algorithm: await deps.runner.resolve(t.resultGroupId, 'result') };
  } catch (error) {
    return { kind: 'failed', message: messageOf(error, '结果算法读取失败') };
  }
}

const HISTORY_SLICE = 5000;

/** History of each assigned point (numeric values with their time), for the outlier check. */
async function historyOf(repo: ComputedRepo, targets: TargetRow[]) {
  const history = new Map<string, Array<{ ms: number; value: number }>>();
  const ids = targets.map((t) => t.assignedPointId);
  const rows = [];
  // In slices, below the drivers' parameter limit on a large college's task.
  for (let i = 0; i < ids.length; i += HISTORY_SLICE)
    rows.push(...(await repo.history(ids.slice(i, i + HISTORY_SLICE))));
  for (const h of rows) {
    const list = history.get(h.assignedPointId) ?? [];
    list.push({ ms: h.ms, value: h.numericValue });
    history.set(h.assignedPointId, list);
  }
  return history;
}

/**
 * Stages a run: for each object, each bound point and each sampling cycle of the task period up to
 * today, the value from its source, judged by the gate. Sources are resolved (or fetched) once per point.
 * Answers the staged rows and the interface codes that matched no object of the run.
 */
export async function stageRun(
  deps: StageDeps,
  input: {
    runId: string;
    targets: TargetRow[];
    today: string;
    report(done: number, total: number): Promise<void>;
    /**
     * Called with each slice's staged values, not awaited before the next slice is fetched: the insert runs
     * on a pooled connection while the batch's own connection reads on (the insert cost as much as
     * collecting). Settled before stageRun answers; its failure fails the run.
     */
    write?(values: RunValueInsert[]): Promise<void>;
  },
): Promise<{ values: RunValueInsert[]; unmapped: string[] }> {
  const { targets } = input;
  const sources = new Map<string, Source>();
  for (const t of targets) if (!sources.has(t.pointId)) sources.set(t.pointId, await sourceOf(deps, t));
  const history = await historyOf(deps.repo, targets);
  // Targets come ordered by object; grouped once so that progress counts objects.
  const byObject = new Map<string, TargetRow[]>();
  for (const t of targets) byObject.set(t.objectTaskId, [...(byObject.get(t.objectTaskId) ?? []), t]);
  const cyclesOf = cyclesOfRun(input.today);
  const values: RunValueInsert[] = [];
  const objects = [...byObject.values()];
  let written: Promise<void> = Promise.resolve();
  try {
    await deps.runner.batch(async (runs) => {
      for (let from = 0; from < objects.length; from += OBJECT_SLICE) {
        const slice = objects.slice(from, from + OBJECT_SLICE).flat();
        const fetched = await fetchAlgorithms(runs, { targets: slice, sources, cyclesOf });
        const staged = slice.flatMap((t) =>
          stagePoint({
            runId: input.runId,
            t,
            source: sources.get(t.pointId)!,
            cycles: cyclesOf(t),
            history: history.get(t.assignedPointId) ?? [],
            fetched: fetched.get(t),
          }),
        );
        values.push(...staged);
        const { write } = input;
        if (write) written = written.then(() => write(staged));
        await input.report(Math.min(from + OBJECT_SLICE, objects.length), objects.length);
      }
    });
  } catch (error) {
    // The reads' failure is the run's; the writes under way end first, whatever they answer.
    await written.catch(() => undefined);
    throw error;
  }
  await written;
  const codes = new Set(targets.map((t) => t.objectCode));
  const unmapped = new Set<string>();
  for (const source of sources.values()) {
    if (source.kind === 'interface')
      for (const row of source.rows) if (!codes.has(row.code)) unmapped.add(row.code);
  }
  return { values, unmapped: [...unmapped].sort().slice(0, 200) };
}

type StagedCycle = SamplingCycle & { sampledAtMs: number };

/**
 * Objects staged between two beats of progress. Their algorithm values are asked for together, each
 * algorithm's runs in sets (BatchRuns.each): 25 teachers × 11 months is 275 runs of a point's version.
 */
const OBJECT_SLICE = 25;

/** Each algorithm target's values, one per cycle: every target of an algorithm in one call of `each`. */
async function fetchAlgorithms(
  runs: BatchRuns,
  input: { targets: TargetRow[]; sources: Map<string, Source>; cyclesOf: (t: TargetRow) => StagedCycle[] },
): Promise<Map<TargetRow, Fetched[]>> {
  const byAlgorithm = new Map<ResolvedAlgorithm, TargetRow[]>();
  for (const t of input.targets) {
    const source = input.sources.get(t.pointId);
    if (source?.kind === 'algorithm')
      byAlgorithm.set(source.algorithm, [...(byAlgorithm.get(source.algorithm) ?? []), t]);
  }
  const fetched = new Map<TargetRow, Fetched[]>();
  for (const [algorithm, targets] of byAlgorithm) {
    const params = targets.flatMap((t) => input.cyclesOf(t).map((cycle) => paramsOf(t, cycle)));
    const answers = (await runs.each(algorithm, params)).map(fetchedOf);
    let at = 0;
    for (const t of targets) {
      const count = input.cyclesOf(t).length;
      fetched.set(t, answers.slice(at, at + count));
      at += count;
    }
  }
  return fetched;
}

/**
 * A run's cycles per task period, each with its sampling time: the same for every object and point of
 * the period, and worked out day by day on the school's clock, which took a sixth of a large run's
 * staging when done again for each object's point (bench:collection).
 */
function cyclesOfRun(today: string) {
  const known = new Map<string, StagedCycle[]>();
  return (t: TargetRow): StagedCycle[] => {
    const key = `${t.samplingPeriod}\u0000${t.taskStart}\u0000${t.taskEnd}`;
    let cycles = known.get(key);
    if (!cycles) {
      cycles = cyclesOfTarget(t, today).map((cycle) => ({
        ...cycle,
        sampledAtMs: sampledAtOf(cycle).getTime(),
      }));
      known.set(key, cycles);
    }
    return cycles;
  };
}

/** `fetched`: an algorithm source's value per cycle (fetchAlgorithms). */
function stagePoint(input: {
  runId: string;
  t: TargetRow;
  source: Source;
  cycles: StagedCycle[];
  history: Array<{ ms: number; value: number }>;
  fetched: Fetched[] | undefined;
}): RunValueInsert[] {
  const { t, source, cycles } = input;
  const { rule } = t;
  const staged: RunValueInsert[] = [];
  const earlier: number[] = [];
  for (const [i, { sampledAtMs, ...cycle }] of cycles.entries()) {
    const params = paramsOf(t, cycle);
    const fetched: Fetched =
      source.kind === 'failed'
        ? { present: false, raw: null, inputRows: 0, error: source.message, elapsedMs: 0 }
        : source.kind === 'interface'
          ? fromInterface(source, t.objectCode, cycle, i === cycles.length - 1)
          : (input.fetched?.[i] ?? fetchedOf(new Error('no value fetched for this cycle')));
    const value = fetched.error ? null : valueText(fetched.raw, rule.dataType);
    const sampledAt = new Date(sampledAtMs);
    const past = input.history.filter((h) => h.ms < sampledAtMs).map((h) => h.value);
    const verdict = gateOf({
      rule,
      value,
      present: fetched.present,
      error: fetched.error,
      source: t.collectionMethod === 'interface' ? 'interface' : 'algorithm',
      range: { min: t.plausibleMin, max: t.plausibleMax },
      history: [...past, ...earlier],
    });
    const numeric = value === null ? null : parseValue(rule.dataType, value);
    if (numeric !== null && !verdict.flags.length) earlier.push(numeric);
    const algorithm = source.kind === 'algorithm' ? source.algorithm : null;
    staged.push({
      id: newId(),
      runId: input.runId,
      assignedPointId: t.assignedPointId,
      cycleKey: cycle.key,
      cycleStart: cycle.start,
      cycleEnd: cycle.end,
      sampledAt,
      value,
      numericValue: numeric,
      flags: verdict.flags,
      reasons: verdict.reasons,
      method: t.collectionMethod,
      groupId: algorithm?.groupId ?? null,
      groupName: algorithm?.groupName ?? null,
      algorithmId: algorithm?.algorithmId ?? null,
      version: algorithm?.version ?? null,
      sqlHash: algorithm?.sqlHash ?? null,
      params: { ...params },
      dataSourceId: algorithm?.dataSourceId ?? null,
      dataSourceName: algorithm?.dataSourceName ?? null,
      endpointUrl: source.kind === 'interface' ? source.url : null,
      inputRows: fetched.inputRows,
      elapsedMs: fetched.elapsedMs,
    });
  }
  return staged;
}

/** Whether a point's source is configured: an algorithm group, or an endpoint with its mapping. */
const isBound = (t: TargetRow) =>
  t.collectionMethod === 'interface'
    ? Boolean(t.endpointUrl && t.codeField && t.valueField)
    : Boolean(t.resultGroupId);

export function runMessage(unmapped: number, unbound: string[]): string {
  const parts: string[] = [];
  if (unbound.length) {
    const shown = unbound.slice(0, 5).join('、');
    const more = unbound.length > 5 ? ` 等 ${unbound.length} 个` : '';
    parts.push(`未配置采集来源的质控点未采集：${shown}${more}`);
  }
  if (unmapped) parts.push(`接口数据中有 ${unmapped} 个编码未匹配到对象`);
  return parts.join('；');
}

/**
 * Stages a run's configured targets and leaves the run waiting at the gate with its counts — the
 * run job's work, and the demo seed's. A point nobody has configured yet is named once in the
 * run's message, not flagged once per object and cycle, where it buried the values that need a decision.
 */
export async function stageToGate(
  deps: StageDeps,
  input: Parameters<typeof stageRun>[1],
): Promise<{ staged: number; flagged: number }> {
  const { targets } = input;
  const unbound = new Set(targets.filter((t) => !isBound(t)).map((t) => t.pointName));
  const staged = await stageRun(deps, {
    ...input,
    targets: targets.filter(isBound),
    write: (values) => deps.repo.insertValues(values),
  });
  const flagged = staged.values.filter((v) => (v.flags ?? []).length > 0).length;
  await deps.repo.updateRun(input.runId, {
    state: 'gate',
    objectCount: new Set(targets.map((t) => t.objectTaskId)).size,
    valueCount: staged.values.length,
    flaggedCount: flagged,
    unmappedCodes: staged.unmapped,
    message: runMessage(staged.unmapped.length, [...unbound]),
    finishedAt: new Date(),
  });
  return { staged: staged.values.length, flagged };
}

/** What the computed results need from the algorithms module: its runner, resolved by group, type and version. */
export type {
  AlgorithmParams,
  AlgorithmRun,
  AlgorithmRunner,
  AlgorithmVersionSummary,
  BatchRuns,
  ResolvedAlgorithm,
} from '../algorithms/algorithm-runner.ts';

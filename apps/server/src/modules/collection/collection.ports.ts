import { AppError } from '../../platform/errors.ts';

/**
 * What collection needs from the algorithms module, declared here structurally so that the two can be
 * built apart: the algorithms module's `createAlgorithmRunner` satisfies it as it is. Parameters are
 * those an algorithm's SQL may name (spec 2 §7.3): the object, its department, the cycle, the year.
 */
export interface AlgorithmParams {
  objectId: string;
  objectCode: string;
  departmentId: string | null;
  cycleStart: string;
  cycleEnd: string;
  year: number;
}

export interface ResolvedAlgorithm {
  groupId: string;
  groupName: string;
  algorithmId: string;
  version: number;
  type: 'result' | 'detail';
  sql: string;
  sqlHash: string;
  dataSourceId: string | null;
  dataSourceName: string;
  changedBy: string | null;
  changedAt: string;
}

export interface AlgorithmRun {
  columns: string[];
  rows: Record<string, unknown>[];
  elapsedMs: number;
  truncated: boolean;
}

export interface AlgorithmRunner {
  /** The group's current version of a type, or the given version; throws AppError when there is none. */
  resolve(groupId: string, type: 'result' | 'detail', version?: number): Promise<ResolvedAlgorithm>;
  run(algorithm: ResolvedAlgorithm, params: AlgorithmParams): Promise<AlgorithmRun>;
}

const NOT_READY = '算法模块未就绪';

/** Until the algorithms module is wired in, every algorithm answers a Chinese 422 instead of a result. */
export const unavailableAlgorithmRunner: AlgorithmRunner = {
  resolve: async () => {
    throw new AppError('UNPROCESSABLE', NOT_READY);
  },
  run: async () => {
    throw new AppError('UNPROCESSABLE', NOT_READY);
  },
};

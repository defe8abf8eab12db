import { type DoubleHighRange, type DoubleHighSchool, doubleHighRangeParts } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { DoubleHighRepo } from './double-high.repo.ts';
import { canReadSchools } from './schools.service.ts';

/** 双高计划 rounds and their units (analysis type 6 compares the own school with one category and grade). */
export function createDoubleHighService(deps: { repo: DoubleHighRepo }) {
  const { repo } = deps;
  return {
    async rounds(actor: Actor): Promise<number[]> {
      if (!canReadSchools(actor)) throw new AppError('FORBIDDEN');
      return repo.rounds();
    },

    async schools(
      actor: Actor,
      input: { year: number; range: DoubleHighRange },
    ): Promise<DoubleHighSchool[]> {
      if (!canReadSchools(actor)) throw new AppError('FORBIDDEN');
      return repo.schools({ round: input.year, ...doubleHighRangeParts(input.range) });
    },
  };
}

export type DoubleHighService = ReturnType<typeof createDoubleHighService>;

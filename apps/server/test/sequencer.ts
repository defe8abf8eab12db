import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest, longest first. Vitest orders files by the durations it cached on the
 * last run, else by file size — and a clean clone (CI) has no cache, while these files are small: run
 * last, each was the run's tail, the other workers idle meanwhile.
 */
const LONGEST = [
  /hostile-corpus\.builtin\.test\.ts$/,
  /test\/fuzz\.test\.ts$/,
  /hostile-corpus\.postgres\.test\.ts$/,
  /seed\/seed\.test\.ts$/,
  /algorithm-runner\.test\.ts$/,
  /hostile-corpus\.maria\.test\.ts$/,
];

const rank = (file: TestSpecification) => {
  const index = LONGEST.findIndex((pattern) => pattern.test(file.moduleId));
  return index < 0 ? LONGEST.length : index;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Within a project only: projects run one after another, in the order the base gave them.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) =>
      sorted
        .filter((file) => file.project.name === name)
        .map((file, index) => ({ file, index }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
        .map(({ file }) => file),
    );
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A feature is the folder right under `features/`. It may reach another feature only through that
 * feature's `index.ts`, and never the route table (`app/routes.tsx` imports the features, so an import
 * back would make a circle); shared code belongs in `shared/`.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = path.join(SRC, 'features');
const ROUTE_TABLE = path.join(SRC, 'app', 'routes.tsx');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative module a file names, in static imports, re-exports and lazy `import()`. */
function importedPaths(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm)];
  return specifiers.map((match) => path.resolve(path.dirname(file), match[1] ?? ''));
}

const featureOf = (file: string): string | null => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? null : (relative.split(path.sep)[0] ?? null);
};

/** What is wrong with one import of a feature's file, or null when it is allowed. */
function boundaryProblem(from: string, target: string): string | null {
  if (target === ROUTE_TABLE) return 'imports the route table app/routes.tsx';
  const own = featureOf(from);
  const other = featureOf(target);
  if (other === null || other === own) return null;
  if (target === path.join(FEATURES, other, 'index.ts')) return null;
  return `reaches into features/${other} past its index.ts`;
}

function problems(): string[] {
  return sourceFiles(FEATURES).flatMap((file) =>
    importedPaths(file, readFileSync(file, 'utf8')).flatMap((target) => {
      const problem = boundaryProblem(file, target);
      return problem ? [`${path.relative(SRC, file)} ${problem}: ${path.relative(SRC, target)}`] : [];
    }),
  );
}

describe('feature boundaries', () => {
  it('finds a deep import into another feature and an import of the route table', () => {
    const from = path.join(FEATURES, 'goals', 'pages', 'tasks-page.tsx');
    expect(boundaryProblem(from, path.join(FEATURES, 'org', 'api.ts'))).toMatch(/features\/org/);
    expect(boundaryProblem(from, ROUTE_TABLE)).toMatch(/route table/);
    expect(boundaryProblem(from, path.join(FEATURES, 'org', 'index.ts'))).toBeNull();
    expect(boundaryProblem(from, path.join(FEATURES, 'goals', 'annual', 'api.ts'))).toBeNull();
    expect(boundaryProblem(from, path.join(SRC, 'shared', 'ui', 'page-card.tsx'))).toBeNull();
  });

  it('reads static, re-exported and lazy imports', () => {
    const file = path.join(FEATURES, 'goals', 'routes.tsx');
    const text = [
      "import { a } from '../org/api.ts';",
      "export { b } from './api.ts';",
      "const load = () => import('../../app/routes.tsx');",
    ].join('\n');
    expect(importedPaths(file, text)).toEqual([
      path.join(FEATURES, 'org', 'api.ts'),
      path.join(FEATURES, 'goals', 'api.ts'),
      ROUTE_TABLE,
    ]);
  });

  it('holds in every feature', () => {
    expect(problems()).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'src/**/*.test.tsx'];

/**
 * Files that replace a module or a global (`vi.mock`, `vi.stubGlobal`, …) need a module graph of their
 * own: in a shared one a mock can miss a module an earlier file already loaded, or leak into a later file.
 */
const REPLACES = /\bvi\.(mock|doMock|unmock|doUnmock|stubGlobal|stubEnv|resetModules)\(/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const root = import.meta.dirname;
const isolated = testFiles(path.join(root, 'src'))
  .filter((file) => REPLACES.test(fs.readFileSync(file, 'utf8')))
  .map((file) => path.relative(root, file).split(path.sep).join('/'));

/**
 * Unit tests of the pure parts (request building, error classification, timing) run without a DOM; a
 * component test (`*.test.tsx`) opts into happy-dom with a `@vitest-environment happy-dom` comment.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // One worker per core (vitest leaves one idle by default).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: INCLUDE,
          exclude: isolated,
          // A worker keeps the modules it imported (antd, React, the app's own) for its next file: importing
          // them was most of this suite's time when every file paid for it. Each file cleans up what it drew.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-isolated', include: isolated } },
    ],
  },
});

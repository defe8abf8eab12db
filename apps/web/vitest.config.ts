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

const root = import.meta.dirname;
const isolated = fs
  .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => REPLACES.test(fs.readFileSync(path.join(root, file), 'utf8')));

/**
 * Unit tests of the pure parts (request building, error classification, timing) run without a DOM; a
 * component test (`*.test.tsx`) opts into happy-dom with a `@vitest-environment happy-dom` comment.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // After-hooks in the order they were registered: shared/testing/dom.tsx's cleanup (registered when a file
    // imports it) unmounts the roots React drew and antd's static toasts before a file's own hook empties the
    // document under them.
    sequence: { hooks: 'list' },
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

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A feature reaches the server only through its `api.ts` (or a sub-area's `*-api.ts`): the query keys,
 * the wire mapping and the refresh after a change live there, so a screen that calls the client itself
 * skips them. Reading the client's error class (`ApiError`) is not a call and stays allowed.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = path.join(SRC, 'features');
const CLIENT = path.join(SRC, 'shared', 'api', 'client.ts');
const CALLS = new Set(['call', 'download', 'upload']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isApiFile = (file: string) => /(^|-)api\.ts$/.test(path.basename(file));

/** The client's functions that reach the server which `text` (the file at `file`) imports. */
function clientCallsOf(file: string, text: string): string[] {
  return [...text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'(\.{1,2}\/[^']+)'/g)].flatMap(
    (match) => {
      if (match[1] || path.resolve(path.dirname(file), match[3] ?? '') !== CLIENT) return [];
      return (match[2] ?? '')
        .split(',')
        .map((name) => name.trim().split(/\s+as\s+/)[0] ?? '')
        .filter((name) => CALLS.has(name));
    },
  );
}

function problems(): string[] {
  return sourceFiles(FEATURES).flatMap((file) => {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    if (isApiFile(file)) return [];
    const calls = clientCallsOf(file, readFileSync(file, 'utf8'));
    return calls.length > 0 ? [`${relative} imports ${calls.join(', ')} from the api client`] : [];
  });
}

describe('feature api', () => {
  it('finds a call, a download and an upload imported past api.ts, over several lines too', () => {
    const file = path.join(FEATURES, 'org', 'pages', 'users-page.tsx');
    const text = [
      "import { call } from '../../../shared/api/client.ts';",
      "import {\n  ApiError,\n  download as fetchFile,\n  upload,\n} from '../../../shared/api/client.ts';",
      "import type { call as typeOnly } from '../../../shared/api/client.ts';",
      "import { call as other } from '../api.ts';",
    ].join('\n');
    expect(clientCallsOf(file, text)).toEqual(['call', 'download', 'upload']);
  });

  it('lets api.ts and a sub-area’s *-api.ts call the client', () => {
    expect(isApiFile(path.join(FEATURES, 'org', 'api.ts'))).toBe(true);
    expect(isApiFile(path.join(FEATURES, 'goals', 'summary', 'summary-api.ts'))).toBe(true);
    expect(isApiFile(path.join(FEATURES, 'org', 'pages', 'api-keys-page.tsx'))).toBe(false);
  });

  it('holds in every feature', () => {
    expect(problems()).toEqual([]);
  });
});

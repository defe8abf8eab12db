import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findServerDir, SERVER_DIR } from './server-dir.ts';

describe('findServerDir', () => {
  it('finds apps/server from src/ and from dist/ alike', () => {
    expect(fs.existsSync(path.join(SERVER_DIR, 'drizzle', 'meta', '_journal.json'))).toBe(true);
    expect(findServerDir(path.join(SERVER_DIR, 'dist'))).toBe(SERVER_DIR);
    expect(findServerDir(path.join(SERVER_DIR, 'src', 'modules', 'backup'))).toBe(SERVER_DIR);
  });

  it('passes over package.json files of other packages and fails above the last folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-server-dir-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@eduqa/web' }));
      expect(() => findServerDir(dir)).toThrow(/no @eduqa\/server package\.json/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Source files under `dir`, tests left out: they always run unbuilt. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('paths from the server', () => {
  it('start at SERVER_DIR: bundled into dist/, a module is no longer in its own folder', () => {
    // warehouse-sandbox.ts and pglite-thread.ts: each one's worker is a bundle beside the one that starts
    // it, or a .ts beside it.
    const allowed = new Set([
      'server-dir.ts',
      'modules/algorithms/warehouse-sandbox.ts',
      'db/pglite-thread.ts',
    ]);
    const src = path.join(SERVER_DIR, 'src');
    const offending = sources(src)
      .filter((file) => /import\.meta\.(dirname|filename|url)/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .filter((file) => !allowed.has(file));
    expect(offending).toEqual([]);
  });
});

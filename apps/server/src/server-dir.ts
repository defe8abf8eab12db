import fs from 'node:fs';
import path from 'node:path';

/**
 * apps/server, the folder of the package.json named `@eduqa/server`, found upward from this module.
 * Paths to the server's files (migrations, reference data, the web build) start here rather than at
 * a module's own folder: under tsx and vitest that folder is somewhere in src/, in production it is
 * dist/, where every module is bundled into the entry point's file.
 */
export function findServerDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (name === '@eduqa/server') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no @eduqa/server package.json above ${from}`);
  }
}

export const SERVER_DIR = findServerDir(import.meta.dirname);

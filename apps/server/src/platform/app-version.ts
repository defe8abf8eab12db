import fs from 'node:fs';
import path from 'node:path';

/** The program's version as the root package.json says, read once: every backup's manifest and 关于 show it. */
export const APP_VERSION =
  (
    JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8')) as {
      version?: string;
    }
  ).version ?? 'unknown';

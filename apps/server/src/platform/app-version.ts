import fs from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from '../server-dir.ts';

/** The program's version as the root package.json says, read once: every backup's manifest and 关于 show it. */
export const APP_VERSION =
  (
    JSON.parse(fs.readFileSync(path.resolve(SERVER_DIR, '../../package.json'), 'utf8')) as {
      version?: string;
    }
  ).version ?? 'unknown';

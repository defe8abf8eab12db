import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded bytes live. Local directory by default; an object store can implement the same. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** The entries directly under `prefix` and when each last changed; none when it does not exist. */
  list(prefix: string): Promise<StoredEntry[]>;
  /** Removes `prefix` and everything under it (a chunked upload's folder, stray temporary files included). */
  removeAll(prefix: string): Promise<void>;
}

export interface StoredEntry {
  name: string;
  modifiedAt: Date;
}

export function createLocalFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!/^[\w-]+(\/[\w.-]+)*$/.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a crash never leaves half a file under the final name.
      const temp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    },
    get: (key) => fs.readFile(resolve(key)),
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async list(prefix) {
      const folder = resolve(prefix);
      const names = await fs.readdir(folder).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
      const entries: StoredEntry[] = [];
      for (const name of names) {
        // An entry removed meanwhile is simply not listed.
        const stat = await fs.stat(path.join(folder, name)).catch(() => null);
        if (stat) entries.push({ name, modifiedAt: stat.mtime });
      }
      return entries;
    },
    async removeAll(prefix) {
      await fs.rm(resolve(prefix), { recursive: true, force: true });
    },
  };
}

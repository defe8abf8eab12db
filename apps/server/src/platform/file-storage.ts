import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded bytes live. Local directory by default; an object store can implement the same. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
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
  };
}

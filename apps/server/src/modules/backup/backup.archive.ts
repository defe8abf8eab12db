import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/**
 * A `.tar.gz` written entry by entry under a temporary name beside the final one, renamed only once it is
 * whole and on disk: a backup that dies midway leaves a `.partial` file, never an archive that looks good.
 * Each entry waits for the one before it to reach the compressor, so memory holds one entry at most. Only
 * its owner may read it: it holds every account's password hash.
 */
export async function createArchiveWriter(finalPath: string) {
  const temp = path.join(path.dirname(finalPath), `.${path.basename(finalPath)}.${process.pid}.partial`);
  const tar = pack();
  const written = pipeline(tar, createGzip(), fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
  // Seen by `finish` or `abort`; until then a failure only has to stop the next `add`.
  let failure: unknown = null;
  written.catch((error: unknown) => {
    failure = error;
  });
  const mtime = new Date();

  return {
    async add(name: string, bytes: Uint8Array): Promise<void> {
      if (failure) throw failure;
      await new Promise<void>((resolve, reject) => {
        tar.entry(
          { name, size: bytes.length, mtime },
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          (error) => (error ? reject(error) : resolve()),
        );
      });
    },
    /** Ends the archive, puts it on disk, and gives it its final name; answers its size in bytes. */
    async finish(): Promise<number> {
      tar.finalize();
      await written;
      // On disk before it gets the name that says it is good.
      const handle = await fsp.open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(temp, finalPath);
      return (await fsp.stat(finalPath)).size;
    },
    /** Drops what was written: nothing is left under either name. */
    async abort(): Promise<void> {
      tar.destroy(new Error('backup aborted'));
      await written.catch(() => {});
      await fsp.rm(temp, { force: true });
    },
  };
}

export interface ArchiveEntry {
  name: string;
  /** Whether the tar header says it is a regular file (the only kind this format writes). */
  isFile: boolean;
  size: number;
  body: AsyncIterable<Buffer>;
}

/**
 * The entries of a `.tar.gz`, in order, each body to be read or left (it is skipped then). A truncated or
 * corrupted file ends the loop with the decompressor's or the tar reader's error.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const tar = extract();
  const reading = pipeline(fs.createReadStream(file), createGunzip(), tar);
  // Its failure reaches the loop below: the pipeline destroys the extractor with it.
  reading.catch(() => {});
  try {
    for await (const entry of tar) {
      let consumed = false;
      const body = (async function* () {
        consumed = true;
        for await (const chunk of entry) yield chunk as Buffer;
      })();
      yield { name: entry.header.name, isFile: entry.header.type === 'file', size: entry.header.size, body };
      if (!consumed) entry.resume();
    }
    await reading;
  } finally {
    // A reader that stops early closes the file.
    tar.destroy();
  }
}

/** An entry's whole body. */
export async function readBody(entry: ArchiveEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * An entry's lines (without their endings), a batch at a time, never more than one batch held. Every line
 * of a part ends in `\n`; one that does not is a damaged part.
 */
export async function* readLines(entry: ArchiveEntry, batchBytes: number): AsyncGenerator<string[]> {
  // The start of a line that runs on into the next chunks, kept as pieces so a long line is joined once.
  let pending: Buffer[] = [];
  let batch: string[] = [];
  let size = 0;
  for await (const chunk of entry.body) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, end);
      const line = pending.length ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      batch.push(line.toString('utf8'));
      size += line.length;
      start = end + 1;
      if (size >= batchBytes) {
        yield batch;
        batch = [];
        size = 0;
      }
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) throw new Error(`${entry.name}: the last line has no ending`);
  if (batch.length) yield batch;
}

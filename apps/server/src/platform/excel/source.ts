import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ExcelLimits, refuse } from './limits.ts';

/** An uploaded workbook: bytes in memory, a stored file, or a stream (spilled to a temporary file). */
export type WorkbookInput = Uint8Array | { path: string } | { stream: Readable };

/** Random access to the zip, which the guard needs to read the central directory at the end. */
export interface ZipSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
  /** Bytes [start, end) as a stream. */
  stream(start: number, end: number): Readable;
  close(): Promise<void>;
}

/** In file-stream sized pieces, so the ratio is measured as the bytes go in, not once for the whole part. */
function* slices(bytes: Buffer, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

function bufferSource(bytes: Uint8Array): ZipSource {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    size: buffer.length,
    read: async (offset, length) => buffer.subarray(offset, offset + length),
    stream: (start, end) => Readable.from(slices(buffer.subarray(start, end))),
    close: async () => {},
  };
}

async function fileSource(path: string, cleanup: () => Promise<void>): Promise<ZipSource> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    await cleanup();
    throw error;
  }
  const { size } = await handle.stat();
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      await handle.read(buffer, 0, buffer.length, offset);
      return buffer;
    },
    stream: (start, end) =>
      end > start ? createReadStream(path, { start, end: end - 1 }) : Readable.from([Buffer.alloc(0)]),
    async close() {
      await handle.close();
      await cleanup();
    },
  };
}

/** Copies a stream to a temporary file, refusing it as soon as it passes the upload limit. */
async function spill(stream: Readable, limits: ExcelLimits): Promise<ZipSource> {
  const dir = await mkdtemp(join(tmpdir(), 'eduqa-xlsx-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'upload.xlsx');
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limits.uploadBytes ? refuse.upload(limits) : null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(path));
  } catch (error) {
    await cleanup();
    throw error;
  }
  return fileSource(path, cleanup);
}

/** Opens the input for random access; the caller closes it. The upload limit is checked here. */
export async function openWorkbookInput(input: WorkbookInput, limits: ExcelLimits): Promise<ZipSource> {
  const source =
    input instanceof Uint8Array
      ? bufferSource(input)
      : 'path' in input
        ? await fileSource(input.path, async () => {})
        : await spill(input.stream, limits);
  if (source.size > limits.uploadBytes) {
    await source.close();
    throw refuse.upload(limits);
  }
  return source;
}

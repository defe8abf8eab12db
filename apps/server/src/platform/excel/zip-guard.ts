import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { AppError } from '../errors.ts';
import { type ExcelLimits, refuse, UnreadableWorkbookError } from './limits.ts';
import type { ZipSource } from './source.ts';

/**
 * The zip side of reading a workbook safely. The central directory's declared sizes are checked first;
 * then every part the reader needs is inflated once here, its real bytes counted against the limits,
 * so a header that lies cannot pass. exceljs then reads a rebuilt zip holding exactly those parts,
 * inflated again here and stored with their true sizes and no data descriptors: its sequential parser
 * sees the same bytes that were counted, whatever the original file hid between or inside its entries.
 * Storing them also lets the bytes be cut only between characters: exceljs decodes each chunk on its
 * own, so a Chinese character split across two chunks would otherwise come out garbled.
 */

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** A part of the rebuilt zip: copied compressed bytes of the upload, or a small generated part. */
type Part =
  | { name: string; copy: ZipEntry; dataStart: number; size: number }
  | { name: string; bytes: Buffer };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_BUFFERED_PART = 1024 * 1024;
/**
 * The output chunk of the counting pass, whose bytes are dropped as soon as counted. In zlib's 16 KB
 * chunks the 33 MB sheet of a 100,000-row import stayed in the process until a collection came, and
 * counting allocates too little for one to come: the pass added 32 MB to the resident memory. In 1 MB
 * chunks it adds 4 MB (measured alone; bench/README.md, bench:warehouse).
 */
const COUNTING_CHUNK = 1024 * 1024;

const unreadable = () => new UnreadableWorkbookError();

async function centralDirectory(source: ZipSource): Promise<ZipEntry[]> {
  const tailLength = Math.min(source.size, 22 + 0xffff);
  const tail = await source.read(source.size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw unreadable();
  const count = tail.readUInt16LE(at + 10);
  const length = tail.readUInt32LE(at + 12);
  const offset = tail.readUInt32LE(at + 16);
  // ZIP64 markers: a workbook within the limits never needs them.
  if (count === 0xffff || offset === 0xffffffff || offset + length > source.size) throw unreadable();
  const directory = await source.read(offset, length);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) throw unreadable();
    const nameLength = directory.readUInt16LE(p + 28);
    entries.push({
      flags: directory.readUInt16LE(p + 8),
      method: directory.readUInt16LE(p + 10),
      crc: directory.readUInt32LE(p + 16),
      compressedSize: directory.readUInt32LE(p + 20),
      size: directory.readUInt32LE(p + 24),
      localOffset: directory.readUInt32LE(p + 42),
      name: directory.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32);
  }
  return entries;
}

/** Before anything is inflated: what the directory admits to must already be within the limits. */
function checkDeclared(entries: readonly ZipEntry[], limits: ExcelLimits) {
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > limits.uncompressedBytes) throw refuse.uncompressed(limits);
  for (const e of entries) {
    if (e.size > limits.ratioGraceBytes && e.size / Math.max(1, e.compressedSize) > limits.compressionRatio) {
      throw refuse.ratio(limits);
    }
  }
}

async function dataStartOf(source: ZipSource, entry: ZipEntry): Promise<number> {
  const header = await source.read(entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw unreadable();
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  // Bit 0: encrypted. Methods other than stored and deflate are not an xlsx.
  if ((entry.flags & 1) !== 0 || (entry.method !== 0 && entry.method !== 8)) throw unreadable();
  if (start + entry.compressedSize > source.size) throw unreadable();
  return start;
}

/** Inflated bytes still allowed across all parts of one workbook. */
interface Budget {
  left: number;
}

/** Inflates one entry, counting every byte against the budget and the ratio as it comes out. */
async function inflateCounted(input: {
  source: ZipSource;
  entry: ZipEntry;
  dataStart: number;
  budget: Budget;
  limits: ExcelLimits;
  keep: boolean;
}): Promise<{ size: number; bytes: Buffer | null }> {
  const { entry, budget, limits } = input;
  let consumed = 0;
  let size = 0;
  const kept: Buffer[] = [];
  const feed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      consumed += chunk.length;
      done(null, chunk);
    },
  });
  const count = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      budget.left -= chunk.length;
      if (budget.left < 0) return done(refuse.uncompressed(limits));
      if (size > limits.ratioGraceBytes && size / Math.max(1, consumed) > limits.compressionRatio) {
        return done(refuse.ratio(limits));
      }
      if (input.keep) {
        if (size > MAX_BUFFERED_PART) return done(unreadable());
        kept.push(chunk);
      }
      done();
    },
  });
  const raw = input.source.stream(input.dataStart, input.dataStart + entry.compressedSize);
  try {
    if (entry.method === 8) await pipeline(raw, feed, createInflateRaw({ chunkSize: COUNTING_CHUNK }), count);
    else await pipeline(raw, feed, count);
  } catch (error) {
    throw error instanceof AppError ? error : unreadable();
  }
  return { size, bytes: input.keep ? Buffer.concat(kept) : null };
}

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

/** The zip path of the sheet named `preferred`, else of the first sheet in the workbook's order. */
function sheetPath(workbookXml: string, relsXml: string, preferred: string | undefined): string {
  const targets = new Map<string, string>();
  for (const tag of relsXml.match(/<(\w+:)?Relationship\b[^>]*>/g) ?? []) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) {
      const path = target.replace(/^\/+/, '');
      targets.set(id, path.startsWith('xl/') ? path : `xl/${path}`);
    }
  }
  const sheets = (workbookXml.match(/<(\w+:)?sheet\b[^>]*>/g) ?? []).map((tag) => ({
    name: decodeXml(attribute(tag, 'name') ?? ''),
    path: targets.get(attribute(tag, '\\w+:id') ?? '') ?? null,
  }));
  const chosen = sheets.find((s) => s.name === preferred) ?? sheets[0];
  if (!chosen?.path) throw new UnreadableWorkbookError('文件中没有工作表');
  return chosen.path;
}

/** Checks the upload's parts and answers the rebuilt zip exceljs reads (one sheet, named sheet1). */
export async function guardedWorkbookZip(input: {
  source: ZipSource;
  limits: ExcelLimits;
  sheet: string | undefined;
}): Promise<Readable> {
  const { source, limits } = input;
  const entries = await centralDirectory(source);
  checkDeclared(entries, limits);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const budget: Budget = { left: limits.uncompressedBytes };
  const inflate = async (entry: ZipEntry, keep: boolean) => {
    const dataStart = await dataStartOf(source, entry);
    return { dataStart, ...(await inflateCounted({ source, entry, dataStart, budget, limits, keep })) };
  };
  const copy = async (name: string, entry: ZipEntry | undefined): Promise<Part | null> => {
    if (!entry) return null;
    const { dataStart, size } = await inflate(entry, false);
    return { name, copy: entry, dataStart, size };
  };

  const workbookEntry = byName.get('xl/workbook.xml');
  const relsEntry = byName.get('xl/_rels/workbook.xml.rels');
  if (!workbookEntry || !relsEntry) throw unreadable();
  const workbook = await inflate(workbookEntry, true);
  const rels = await inflate(relsEntry, true);
  const path = sheetPath(String(workbook.bytes), String(rels.bytes), input.sheet);
  const parts: Part[] = [
    // exceljs streams a sheet only once it holds relationships and shared strings; otherwise it
    // writes the sheet to a temporary file first. Both are given, so it never needs to.
    { name: 'xl/_rels/workbook.xml.rels', bytes: Buffer.from('<Relationships/>') },
    { name: 'xl/workbook.xml', copy: workbookEntry, dataStart: workbook.dataStart, size: workbook.size },
    (await copy('xl/styles.xml', byName.get('xl/styles.xml'))) ?? null,
    (await copy('xl/sharedStrings.xml', byName.get('xl/sharedStrings.xml'))) ?? {
      name: 'xl/sharedStrings.xml',
      bytes: Buffer.from('<sst/>'),
    },
    (await copy('xl/worksheets/sheet1.xml', byName.get(path))) ?? failMissingSheet(),
  ].filter((p): p is Part => p !== null);
  return Readable.from(rebuiltZip(source, parts));
}

function failMissingSheet(): never {
  throw new UnreadableWorkbookError('文件中没有工作表');
}

/** A stored part's header: no compression, so both sizes are the part's size. */
function localHeader(part: { name: string; crc: number; size: number }) {
  const name = Buffer.from(part.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(0, 8);
  header.writeUInt16LE(0x21, 12);
  header.writeUInt32LE(part.crc, 14);
  header.writeUInt32LE(part.size, 18);
  header.writeUInt32LE(part.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** Holds back a character split at the end of a chunk until the rest of it arrives. */
function wholeCharacters(): Transform {
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      let start = bytes.length - 1;
      while (start > 0 && start > bytes.length - 4 && (bytes[start]! & 0xc0) === 0x80) start--;
      const lead = bytes[start] ?? 0;
      const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      const cut = start + length > bytes.length ? start : bytes.length;
      carry = bytes.subarray(cut);
      done(null, bytes.subarray(0, cut));
    },
    flush(done) {
      done(null, carry.length ? carry : null);
    },
  });
}

/** The part's bytes inflated again; exactly the size counted the first time, or the read fails. */
function inflatedAgain(source: ZipSource, part: Extract<Part, { copy: ZipEntry }>): Readable {
  const raw = source.stream(part.dataStart, part.dataStart + part.copy.compressedSize);
  let seen = 0;
  const exact = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > part.size ? unreadable() : null, chunk);
    },
    flush(done) {
      done(seen === part.size ? null : unreadable());
    },
  });
  const stages =
    part.copy.method === 8 ? [createInflateRaw(), wholeCharacters(), exact] : [wholeCharacters(), exact];
  return stages.reduce<Readable>((stream, next) => {
    stream.on('error', (error) => next.destroy(error));
    return stream.pipe(next);
  }, raw);
}

async function* rebuiltZip(source: ZipSource, parts: readonly Part[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    if ('bytes' in part) {
      const { bytes } = part;
      yield localHeader({ name: part.name, crc: crc32(bytes), size: bytes.length });
      yield bytes;
      continue;
    }
    yield localHeader({ name: part.name, crc: part.copy.crc, size: part.size });
    for await (const chunk of inflatedAgain(source, part)) yield chunk as Buffer;
  }
}

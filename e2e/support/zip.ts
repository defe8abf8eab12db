import zlib from 'node:zlib';

/** One entry of a zip's central directory, with its bytes on demand. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  /** The entry's bytes, inflated when deflated. */
  data(): Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;

/**
 * Reads a zip's central directory (PKWARE APPNOTE §4.3): the end record found from the back, then
 * each central header; zip64 sizes and offsets are taken from the extra field when the 32-bit ones
 * are saturated. Enough for archives written by archiver (stored or deflated entries).
 */
export function readZip(zip: Buffer): ZipEntry[] {
  let end = -1;
  // The end record is 22 bytes plus a comment of at most 65535.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip: no end of central directory record');
  let count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const locator = end - 20;
  if (locator >= 0 && zip.readUInt32LE(locator) === ZIP64_LOCATOR) {
    const record = Number(zip.readBigUInt64LE(locator + 8));
    if (zip.readUInt32LE(record) !== ZIP64_EOCD) throw new Error('bad zip64 end record');
    count = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }

  const entries: ZipEntry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error(`bad central header at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const crc32 = zip.readUInt32LE(at + 16);
    let compressedSize = zip.readUInt32LE(at + 20);
    let size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    // zip64 extended information (id 0x0001): only the saturated fields, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = zip.readUInt16LE(extra);
      const length = zip.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        if (size === 0xffffffff) {
          size = Number(zip.readBigUInt64LE(field));
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(zip.readBigUInt64LE(field));
          field += 8;
        }
        if (localOffset === 0xffffffff) localOffset = Number(zip.readBigUInt64LE(field));
      }
      extra += 4 + length;
    }
    const local = localOffset;
    const stored = { method, compressedSize };
    entries.push({
      name,
      method,
      compressedSize,
      size,
      crc32,
      data() {
        if (zip.readUInt32LE(local) !== LOCAL) throw new Error(`bad local header of ${name}`);
        const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
        const raw = zip.subarray(start, start + stored.compressedSize);
        if (stored.method === 0) return Buffer.from(raw);
        if (stored.method === 8) return zlib.inflateRawSync(raw);
        throw new Error(`unsupported compression method ${stored.method} of ${name}`);
      },
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** CRC-32 (IEEE) of a buffer, to compare with an entry's recorded checksum. */
export function crc32Of(data: Buffer): number {
  return zlib.crc32(data) >>> 0;
}

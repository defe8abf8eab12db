import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Hand-built zips for the reader's tests: honest or lying sizes, and deflate streams of any length. */

export interface FixtureEntry {
  name: string;
  /** Deflated bytes (method 8). */
  data: Buffer;
  /** The size the headers declare; a bomb may declare less than its data inflates to. */
  declaredSize: number;
  crc?: number;
}

export const deflated = (text: string): FixtureEntry => {
  const raw = Buffer.from(text);
  return { name: '', data: deflateRawSync(raw), declaredSize: raw.length, crc: crc32(raw) };
};

/**
 * A deflate stream that inflates to prefix + chunk × times + suffix without ever holding that much:
 * each piece is compressed once with a full flush (no back-references across it), then repeated.
 */
export function repeatedDeflate(input: { prefix: string; chunk: string; times: number; suffix: string }) {
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const head = deflateRawSync(Buffer.from(input.prefix), flush);
  const middle = deflateRawSync(Buffer.from(input.chunk), flush);
  const tail = deflateRawSync(Buffer.from(input.suffix), { level: 9 });
  const data = Buffer.concat([head, ...Array.from({ length: input.times }, () => middle), tail]);
  const size = input.prefix.length + input.chunk.length * input.times + input.suffix.length;
  return { data, size };
}

export function zipOf(entries: readonly FixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0, at + 2);
      header.writeUInt16LE(8, at + 4);
      header.writeUInt32LE(entry.crc ?? 0, at + 10);
      header.writeUInt32LE(entry.data.length, at + 14);
      header.writeUInt32LE(entry.declaredSize, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A one-sheet workbook whose shared-strings part is `sharedStrings` and whose cell A1 uses string 0. */
export function workbookZip(sharedStrings: Omit<FixtureEntry, 'name'>): Buffer {
  const part = (name: string, xml: string) => ({ ...deflated(xml), name });
  return zipOf([
    part(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    part(
      'xl/workbook.xml',
      '<workbook xmlns:r="r"><sheets><sheet name="数据" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    part(
      'xl/worksheets/sheet1.xml',
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
    ),
    { ...sharedStrings, name: 'xl/sharedStrings.xml' },
  ]);
}

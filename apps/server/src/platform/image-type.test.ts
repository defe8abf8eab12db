import { IMAGE_UNREADABLE_MESSAGE } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { checkImage, checkStoredImage, detectImage, extensionMatches, imageSize } from './image-type.ts';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values
      .flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v]))
      .concat(new Array(16).fill(0)),
  );

/** Bytes of each piece in order: text as ASCII, numbers as single bytes, arrays as they are. */
const join = (...parts: Array<string | number | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string'
        ? [...part].map((c) => c.charCodeAt(0))
        : typeof part === 'number'
          ? [part]
          : part,
    ),
  );
const be16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** A PNG's signature and IHDR chunk (RGBA, 8 bits), with a dummy CRC: all that is read. */
const pngHeader = (width: number, height: number) =>
  join(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    be32(13),
    'IHDR',
    be32(width),
    be32(height),
    [8, 6, 0, 0, 0],
    be32(0),
  );

/** SOI, a JFIF APP0, a quantisation table and then the frame header (baseline C0 unless told). */
const jpeg = (width: number, height: number, frame = 0xc0) =>
  join(
    [0xff, 0xd8],
    [0xff, 0xe0],
    be16(16),
    'JFIF',
    [0, 1, 1, 0],
    be16(1),
    be16(1),
    [0, 0],
    [0xff, 0xdb],
    be16(67),
    new Array(65).fill(1),
    [0xff, frame],
    be16(17),
    8,
    be16(height),
    be16(width),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
    [0xff, 0xda],
    be16(12),
  );

/** A GIF with a two-colour global table, a graphic control extension and one frame. */
const gif = (screen: [number, number], frame: [number, number]) =>
  join(
    'GIF89a',
    le16(screen[0]),
    le16(screen[1]),
    [0x80, 0, 0],
    [0, 0, 0, 255, 255, 255],
    [0x21, 0xf9, 4, 0, 0, 0, 0, 0],
    0x2c,
    le16(0),
    le16(0),
    le16(frame[0]),
    le16(frame[1]),
    0,
    2,
    [2, 0x4c, 0x01, 0],
    0x3b,
  );

const bmp = (width: number, height: number) =>
  join(
    'BM',
    le32(0),
    le32(0),
    le32(54),
    le32(40),
    le32(width),
    le32(height),
    le16(1),
    le16(24),
    new Array(24).fill(0),
  );

const riff = (chunk: string, data: number[]) =>
  join('RIFF', le32(4 + 8 + data.length), 'WEBP', chunk, le32(data.length), data);

describe('detectImage', () => {
  it('recognises the six avatar formats by content', () => {
    expect(detectImage(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(detectImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(detectImage(bytes('GIF89a'))).toBe('gif');
    expect(detectImage(bytes('BM'))).toBe('bmp');
    expect(detectImage(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
  });
  it('refuses text renamed to .png', () => {
    expect(detectImage(new TextEncoder().encode('<script>alert(1)</script>'))).toBeNull();
  });
  it('checks the extension against the content', () => {
    expect(extensionMatches('a.JPG', 'jpeg')).toBe(true);
    expect(extensionMatches('a.png', 'jpeg')).toBe(false);
  });
});

describe('imageSize', () => {
  it('reads a PNG from its IHDR chunk', () => {
    expect(imageSize(pngHeader(640, 480))).toEqual({ kind: 'png', width: 640, height: 480 });
    expect(imageSize(pngHeader(20000, 20000))).toEqual({ kind: 'png', width: 20000, height: 20000 });
  });

  it('reads a JPEG from its frame header, baseline or progressive, past the segments before it', () => {
    expect(imageSize(jpeg(1024, 768))).toEqual({ kind: 'jpeg', width: 1024, height: 768 });
    expect(imageSize(jpeg(300, 200, 0xc2))).toMatchObject({ width: 300, height: 200 });
    expect(imageSize(jpeg(30000, 30000, 0xcf))).toMatchObject({ width: 30000, height: 30000 });
  });

  it('does not take a Huffman table (C4) for a frame header, and skips fill bytes as decoders do', () => {
    const huffman = join([0xff, 0xd8], [0xff, 0xc4], be16(6), be16(9999), be16(9999), [
      ...jpeg(10, 20).slice(2),
    ]);
    expect(imageSize(huffman)).toMatchObject({ width: 10, height: 20 });
    const filled = join([0xff, 0xd8, 0xff, 0xff, 0xff], [...jpeg(12, 34).slice(3)]);
    expect(imageSize(filled)).toMatchObject({ width: 12, height: 34 });
  });

  it('reads a GIF from its logical screen, widened to a frame larger than the screen', () => {
    expect(imageSize(gif([32, 16], [32, 16]))).toEqual({ kind: 'gif', width: 32, height: 16 });
    expect(imageSize(gif([1, 1], [20000, 20000]))).toMatchObject({ width: 20000, height: 20000 });
  });

  it('reads a BMP from its info header, top-down (negative height) or not, and from the old core header', () => {
    expect(imageSize(bmp(800, 600))).toEqual({ kind: 'bmp', width: 800, height: 600 });
    expect(imageSize(bmp(800, -600))).toMatchObject({ width: 800, height: 600 });
    expect(
      imageSize(join('BM', le32(0), le32(0), le32(26), le32(12), le16(64), le16(32), new Array(8).fill(0))),
    ).toMatchObject({ width: 64, height: 32 });
    expect(imageSize(bmp(-5, 5))).toBeNull();
  });

  it('reads a WebP, lossy, lossless or extended', () => {
    const lossy = riff('VP8 ', [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...le16(400), ...le16(300), 0, 0]);
    expect(imageSize(lossy)).toEqual({ kind: 'webp', width: 400, height: 300 });
    // 14 bits of width - 1, then 14 bits of height - 1.
    const bits = (1000 - 1) | ((500 - 1) << 14);
    expect(imageSize(riff('VP8L', [0x2f, ...le32(bits), 0]))).toMatchObject({ width: 1000, height: 500 });
    expect(imageSize(riff('VP8X', [0, 0, 0, 0, ...le24(19999), ...le24(19999)]))).toMatchObject({
      width: 20000,
      height: 20000,
    });
  });

  it('answers null for a header cut short, a zero side, a scan before any frame, or no image at all', () => {
    expect(imageSize(pngHeader(10, 10).slice(0, 20))).toBeNull();
    expect(imageSize(pngHeader(0, 10))).toBeNull();
    expect(imageSize(jpeg(10, 10).slice(0, 30))).toBeNull();
    expect(imageSize(join([0xff, 0xd8, 0xff, 0xda], be16(12), new Array(12).fill(0)))).toBeNull();
    expect(imageSize(join([0xff, 0xd8, 0xff, 0xe0], be16(0)))).toBeNull();
    expect(imageSize(riff('VP8 ', [0, 0, 0, 1, 2, 3, 0, 0, 0, 0]))).toBeNull();
    expect(imageSize(join('GIF89a', 5))).toBeNull();
    expect(imageSize(new TextEncoder().encode('not a picture'))).toBeNull();
  });
});

describe('checkImage', () => {
  it('lets a normal picture and one at the limits pass', () => {
    expect(checkImage(pngHeader(1920, 1080))).toMatchObject({ width: 1920, height: 1080 });
    expect(checkImage(pngHeader(4096, 4096))).toMatchObject({ width: 4096 });
    expect(checkImage(pngHeader(16384, 1024))).toMatchObject({ width: 16384 });
  });

  it('refuses in Chinese a picture of too many pixels, or too long a side, naming its size', () => {
    expect(() => checkImage(pngHeader(20000, 20000))).toThrow(
      '图片尺寸过大（20000×20000 像素），请上传不超过 4096×4096 像素的图片（单边不超过 16384 像素）',
    );
    expect(() => checkImage(pngHeader(4097, 4096))).toThrow('4097×4096');
    expect(() => checkImage(pngHeader(16385, 10))).toThrow('16385×10');
    expect(() => checkImage(gif([1, 1], [20000, 20000]))).toThrow('图片尺寸过大');
    expect(() => checkImage(jpeg(30000, 30000))).toThrow('图片尺寸过大');
  });

  it('refuses a picture whose header cannot be read', () => {
    expect(() => checkImage(pngHeader(10, 10).slice(0, 20))).toThrow(IMAGE_UNREADABLE_MESSAGE);
    expect(() => checkImage(new TextEncoder().encode('png-bytes'))).toThrow(IMAGE_UNREADABLE_MESSAGE);
  });

  it('applies to what is stored as a picture only', () => {
    expect(() => checkStoredImage('image/png', pngHeader(20000, 20000))).toThrow('图片尺寸过大');
    expect(() => checkStoredImage('application/pdf', pngHeader(20000, 20000))).not.toThrow();
  });
});

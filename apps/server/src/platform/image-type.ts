import {
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_UNREADABLE_MESSAGE,
  imageTooLargeMessage,
} from '@eduqa/contract';
import { AppError } from './errors.ts';

/** Detects an image type by its first bytes, so that a renamed file is not taken for a picture. */
export type ImageKind = 'gif' | 'jpeg' | 'png' | 'bmp' | 'webp';

export const IMAGE_MIME: Record<ImageKind, string> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

export function detectImage(bytes: Uint8Array): ImageKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (offset: number, text: string) =>
    [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 6 && (ascii(0, 'GIF87a') || ascii(0, 'GIF89a'))) return 'gif';
  if (bytes.length >= 14 && ascii(0, 'BM')) return 'bmp';
  if (bytes.length >= 12 && ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  return null;
}

/** The extension a name must carry for its detected kind (jpg and jpeg both mean JPEG). */
export function extensionMatches(fileName: string, kind: ImageKind): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return kind === 'jpeg' ? ext === 'jpg' || ext === 'jpeg' : ext === kind;
}

export interface ImageSize {
  kind: ImageKind;
  width: number;
  height: number;
}

const fourCC = (view: DataView, offset: number) =>
  String.fromCharCode(...[0, 1, 2, 3].map((i) => view.getUint8(offset + i)));

const pngSize = (view: DataView) =>
  fourCC(view, 12) === 'IHDR' ? { width: view.getUint32(16), height: view.getUint32(20) } : null;

/** Start of frame: C0–CF but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpegSize(view: DataView) {
  let at = 2;
  while (at < view.byteLength) {
    // As libjpeg does: stray bytes before a marker, and 0xFF fill bytes, are skipped.
    while (view.getUint8(at) !== 0xff) at += 1;
    while (view.getUint8(at) === 0xff) at += 1;
    const marker = view.getUint8(at);
    at += 1;
    const standalone =
      marker === 0x00 || marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7);
    if (standalone) continue;
    // The scan or the end before any frame header: nothing says how large the picture is.
    if (marker === 0xda || marker === 0xd9) return null;
    if (JPEG_FRAME_MARKERS.has(marker))
      return { height: view.getUint16(at + 3), width: view.getUint16(at + 5) };
    const length = view.getUint16(at);
    if (length < 2) return null;
    at += length;
  }
  return null;
}

/** The size of a GIF colour table that a packed-fields byte announces, in bytes. */
const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

function skipSubBlocks(view: DataView, start: number) {
  let at = start;
  for (let size = view.getUint8(at); size !== 0; size = view.getUint8(at)) at += size + 1;
  return at + 1;
}

/**
 * The logical screen, widened to every frame that reaches past it: browsers grow the canvas to a first
 * frame larger than the screen declares, so a 1×1 screen could hold a 20000×20000 frame.
 */
function gifSize(view: DataView) {
  let width = view.getUint16(6, true);
  let height = view.getUint16(8, true);
  let at = 13 + colourTable(view.getUint8(10));
  while (at < view.byteLength) {
    const block = view.getUint8(at);
    if (block === 0x21) {
      at = skipSubBlocks(view, at + 2);
    } else if (block === 0x2c) {
      width = Math.max(width, view.getUint16(at + 1, true) + view.getUint16(at + 5, true));
      height = Math.max(height, view.getUint16(at + 3, true) + view.getUint16(at + 7, true));
      // Descriptor, local colour table, LZW minimum code size, then the image data.
      at = skipSubBlocks(view, at + 10 + colourTable(view.getUint8(at + 9)) + 1);
    } else {
      // The trailer, or a byte no decoder reads past.
      break;
    }
  }
  return { width, height };
}

/** BITMAPCOREHEADER (12 bytes) has 16-bit sides; every later header 32-bit ones, the height negative when top-down. */
function bmpSize(view: DataView) {
  const header = view.getUint32(14, true);
  if (header === 12) return { width: view.getUint16(18, true), height: view.getUint16(20, true) };
  if (header < 16) return null;
  const width = view.getInt32(18, true);
  return width > 0 ? { width, height: Math.abs(view.getInt32(22, true)) } : null;
}

const uint24 = (view: DataView, offset: number) =>
  view.getUint16(offset, true) + view.getUint8(offset + 2) * 0x10000;

/** Lossy (VP8), lossless (VP8L) or extended (VP8X, whose canvas holds every frame) WebP. */
function webpSize(view: DataView) {
  switch (fourCC(view, 12)) {
    case 'VP8 ':
      if (view.getUint8(23) !== 0x9d || view.getUint8(24) !== 0x01 || view.getUint8(25) !== 0x2a) return null;
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    case 'VP8L': {
      if (view.getUint8(20) !== 0x2f) return null;
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: uint24(view, 24) + 1, height: uint24(view, 27) + 1 };
    default:
      return null;
  }
}

const SIZE_READERS: Record<ImageKind, (view: DataView) => { width: number; height: number } | null> = {
  png: pngSize,
  jpeg: jpegSize,
  gif: gifSize,
  bmp: bmpSize,
  webp: webpSize,
};

/**
 * The kind and pixel size of an image, read from its header without decoding it; null when the bytes
 * are no image of a known kind, the header is cut short or a side is zero.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const kind = detectImage(bytes);
  if (!kind) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let size: { width: number; height: number } | null;
  try {
    size = SIZE_READERS[kind](view);
  } catch (error) {
    // DataView's own bounds check: a header that ends before its fields is a damaged file.
    if (error instanceof RangeError) return null;
    throw error;
  }
  return size && size.width > 0 && size.height > 0 ? { kind, ...size } : null;
}

/** Whether whoever shows the picture can decode it without gigabytes of memory. */
export const withinImageLimits = (size: { width: number; height: number }) =>
  size.width <= IMAGE_MAX_SIDE &&
  size.height <= IMAGE_MAX_SIDE &&
  size.width * size.height <= IMAGE_MAX_PIXELS;

/** Refuses (400, in Chinese) an image whose header cannot be read or whose pixel size is past the limits. */
export function checkImage(bytes: Uint8Array): ImageSize {
  const size = imageSize(bytes);
  if (!size) throw new AppError('VALIDATION', IMAGE_UNREADABLE_MESSAGE);
  if (!withinImageLimits(size))
    throw new AppError('VALIDATION', imageTooLargeMessage(size.width, size.height));
  return size;
}

/**
 * `checkImage` for a file stored as a picture (an `image/` type, which browsers show inline, and so
 * decode); other files pass.
 */
export function checkStoredImage(mime: string, bytes: Uint8Array) {
  if (mime.startsWith('image/')) checkImage(bytes);
}

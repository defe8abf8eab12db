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

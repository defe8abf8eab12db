/** The document download path through which logos and avatars are fetched (spec 1 §3). */
export const DOCUMENT_DOWNLOAD_PATH = '/api/herm-sjgl/document/download';

export function documentUrl(fileId: string): string {
  return `${DOCUMENT_DOWNLOAD_PATH}?attachmentId=${encodeURIComponent(fileId)}`;
}

/** Avatar extensions of spec 2 §5; the server also checks the content. */
export const AVATAR_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const;
/** Spec 1 §9 names 30720 for avatars without a unit; read as KB (30 MB), like the 10/50 MB limits. */
export const AVATAR_MAX_KB = 30720;
export const LOGO_MAX_KB = 2048;

/** The `accept` attribute of an image picker. */
export const IMAGE_ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export const IMAGE_TYPE_MESSAGE = `只能上传${AVATAR_EXTENSIONS.join(',')}的文件`;

/**
 * Pixel limits of every uploaded picture, read from its header: a 1.5 MB PNG can claim 20000×20000
 * pixels, 1.6 GB once decoded by whoever shows it. The side limit keeps out long strips whose total is small.
 */
const IMAGE_SQUARE = 4096;
export const IMAGE_MAX_PIXELS = IMAGE_SQUARE * IMAGE_SQUARE;
export const IMAGE_MAX_SIDE = 16384;

export function imageTooLargeMessage(width: number, height: number): string {
  return `图片尺寸过大（${width}×${height} 像素），请上传不超过 ${IMAGE_SQUARE}×${IMAGE_SQUARE} 像素的图片（单边不超过 ${IMAGE_MAX_SIDE} 像素）`;
}

export const IMAGE_UNREADABLE_MESSAGE = '图片文件已损坏或格式无法识别';

/** Whether a file name ends in one of the picture extensions (the server also checks the content). */
export function hasImageExtension(fileName: string): boolean {
  if (!fileName.includes('.')) return false;
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (AVATAR_EXTENSIONS as readonly string[]).includes(extension);
}

/** Spec 2 §5: '{file}'文件大小超过{n}MB. */
export function fileTooLargeMessage(fileName: string, maxKB: number): string {
  return `'${fileName}'文件大小超过${maxKB / 1024}MB`;
}

/** A file's size as every screen and the backup command print it: 512 B, 1.5 KB, 30.0 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

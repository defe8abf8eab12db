/**
 * In-browser image compression (spec 2 §5): png, jpeg and gif above a target size are re-encoded as
 * JPEG, lowering the quality and, when that is not enough, the dimensions, until the result fits.
 * The decisions are pure functions below (unit-tested); `compressImage` only adds the canvas work.
 */

export const DEFAULT_ACCURACY = 0.95;
export const MIN_ACCURACY = 0.8;
export const MAX_ACCURACY = 0.99;
/** The first JPEG pass: visually lossless for photographs, already far smaller than a PNG. */
export const START_QUALITY = 0.92;
/** Below this JPEG quality artefacts become obvious; shrinking the picture is then the better trade. */
export const MIN_QUALITY = 0.5;
/** The longer side is never scaled below this many pixels (the avatar is shown at 85). */
export const MIN_SIDE = 64;
/** Browsers refuse or silently blank canvases above ~16–268 megapixels; stay well inside. */
export const MAX_PIXELS = 4096 * 4096;
/** A safety stop: every pass is a full encode. */
export const MAX_ATTEMPTS = 40;

const COMPRESSIBLE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
const COMPRESSIBLE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'];

export interface CompressOptions {
  /** The size to reach, in KB (1 KB = 1024 bytes). */
  targetKB: number;
  /** Factor applied at each step (0.8–0.99, default 0.95): closer to 1 means finer, slower steps. */
  accuracy?: number;
}

/** One encoding attempt: JPEG quality (0–1) and the factor applied to both dimensions. */
export interface EncodeStep {
  quality: number;
  scale: number;
}

export function clampAccuracy(accuracy?: number): number {
  if (accuracy === undefined || !Number.isFinite(accuracy)) return DEFAULT_ACCURACY;
  return Math.min(MAX_ACCURACY, Math.max(MIN_ACCURACY, accuracy));
}

/** Only png, jpeg and gif are compressed; the type is trusted first, the extension when it is empty. */
export function isCompressibleImage(file: { name: string; type: string }): boolean {
  if (file.type) return COMPRESSIBLE_TYPES.includes(file.type.toLowerCase());
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return COMPRESSIBLE_EXTENSIONS.includes(extension);
}

export function isWithinTarget(sizeBytes: number, targetKB: number): boolean {
  return sizeBytes <= targetKB * 1024;
}

/** Starts at full size unless the picture is too large for a canvas. */
export function firstStep(width: number, height: number): EncodeStep {
  const pixels = width * height;
  const scale = pixels > MAX_PIXELS ? Math.sqrt(MAX_PIXELS / pixels) : 1;
  return { quality: START_QUALITY, scale };
}

/**
 * The attempt after one that came out at `sizeBytes`, or null when the floor is reached.
 * Quality goes down by `accuracy` while that can plausibly suffice; the dimensions shrink when the
 * quality is at its floor or the result is more than three times too big (quality alone rarely wins
 * more than that). Both floors reached → null. JPEG size follows the pixel count, so the dimensions shrink by the square root of
 * the size ratio, and by at least `accuracy`, so every step makes progress.
 */
export function nextStep(
  step: EncodeStep,
  outcome: { width: number; height: number; sizeBytes: number; targetBytes: number; accuracy: number },
): EncodeStep | null {
  const { width, height, sizeBytes, targetBytes, accuracy } = outcome;
  const ratio = targetBytes / sizeBytes;
  const lowerQuality = step.quality * accuracy;
  const floorScale = Math.min(1, MIN_SIDE / Math.max(width, height));
  const canLowerQuality = lowerQuality >= MIN_QUALITY;
  const canShrink = step.scale > floorScale;
  if (canLowerQuality && (ratio >= 1 / 3 || !canShrink)) {
    return { quality: lowerQuality, scale: step.scale };
  }
  if (!canShrink) return null;
  const scale = step.scale * Math.min(accuracy, Math.sqrt(ratio));
  return { quality: step.quality, scale: Math.max(scale, floorScale) };
}

/** `photo.png` → `photo.jpg`: the server checks that the extension matches the content. */
export function jpegFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot >= 0 ? name.slice(0, dot) : name;
  return `${base || 'image'}.jpg`;
}

export function scaledSize(width: number, height: number, scale: number): { width: number; height: number } {
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function encodeJpeg(canvas: HTMLCanvasElement, bitmap: ImageBitmap, step: EncodeStep): Promise<Blob> {
  const size = scaledSize(bitmap.width, bitmap.height, step.scale);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('浏览器不支持图片压缩'));
  // JPEG has no alpha: transparent areas would turn black without a white background.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('图片压缩失败'))),
      'image/jpeg',
      step.quality,
    );
  });
}

/**
 * Returns `file` itself when it is not png/jpeg/gif or is already at or below the target; otherwise a
 * JPEG `File` at or below the target, or the smallest result reached when the floor stops it first.
 */
export async function compressImage(file: File, options: CompressOptions): Promise<File> {
  if (!isCompressibleImage(file) || isWithinTarget(file.size, options.targetKB)) return file;
  const accuracy = clampAccuracy(options.accuracy);
  const targetBytes = options.targetKB * 1024;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('图片无法读取');
  }
  const canvas = document.createElement('canvas');
  try {
    let best: Blob | null = null;
    let step: EncodeStep | null = firstStep(bitmap.width, bitmap.height);
    for (let attempt = 0; step && attempt < MAX_ATTEMPTS; attempt++) {
      const blob = await encodeJpeg(canvas, bitmap, step);
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= targetBytes) break;
      step = nextStep(step, {
        width: bitmap.width,
        height: bitmap.height,
        sizeBytes: blob.size,
        targetBytes,
        accuracy,
      });
    }
    if (!best || best.size >= file.size) return file;
    return new File([best], jpegFileName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
  } finally {
    bitmap.close();
    // Releases the canvas backing store now rather than at garbage collection.
    canvas.width = 0;
    canvas.height = 0;
  }
}

import { describe, expect, it } from 'vitest';
import {
  clampAccuracy,
  compressImage,
  DEFAULT_ACCURACY,
  firstStep,
  isCompressibleImage,
  isWithinTarget,
  jpegFileName,
  MAX_PIXELS,
  MIN_QUALITY,
  MIN_SIDE,
  nextStep,
  START_QUALITY,
  scaledSize,
} from './compress-image.ts';

describe('clampAccuracy', () => {
  it('defaults to 0.95', () => {
    expect(clampAccuracy()).toBe(DEFAULT_ACCURACY);
    expect(clampAccuracy(Number.NaN)).toBe(DEFAULT_ACCURACY);
  });
  it('keeps the accuracy between 0.8 and 0.99', () => {
    expect(clampAccuracy(0.5)).toBe(0.8);
    expect(clampAccuracy(1)).toBe(0.99);
    expect(clampAccuracy(0.9)).toBe(0.9);
  });
});

describe('isCompressibleImage', () => {
  it('accepts png, jpeg and gif by type', () => {
    expect(isCompressibleImage({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isCompressibleImage({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isCompressibleImage({ name: 'a.gif', type: 'image/gif' })).toBe(true);
  });
  it('leaves bmp, webp and other files alone', () => {
    expect(isCompressibleImage({ name: 'a.bmp', type: 'image/bmp' })).toBe(false);
    expect(isCompressibleImage({ name: 'a.webp', type: 'image/webp' })).toBe(false);
    expect(isCompressibleImage({ name: 'a.pdf', type: 'application/pdf' })).toBe(false);
  });
  it('falls back to the extension when the browser gives no type', () => {
    expect(isCompressibleImage({ name: 'A.JPEG', type: '' })).toBe(true);
    expect(isCompressibleImage({ name: 'a.webp', type: '' })).toBe(false);
  });
});

describe('isWithinTarget', () => {
  it('counts a file exactly at the target as small enough', () => {
    expect(isWithinTarget(100 * 1024, 100)).toBe(true);
    expect(isWithinTarget(100 * 1024 + 1, 100)).toBe(false);
  });
});

describe('firstStep', () => {
  it('starts at full size for a picture a canvas can hold', () => {
    expect(firstStep(2000, 1500)).toEqual({ quality: START_QUALITY, scale: 1 });
  });
  it('scales a huge picture down to the canvas pixel budget', () => {
    const { scale } = firstStep(10000, 10000);
    const size = scaledSize(10000, 10000, scale);
    expect(size.width * size.height).toBeLessThanOrEqual(MAX_PIXELS);
    expect(size.width).toBe(4096);
  });
});

describe('nextStep', () => {
  const base = { width: 2000, height: 1000, targetBytes: 100_000, accuracy: 0.95 };

  it('lowers the quality by the accuracy when the result is close to the target', () => {
    const step = nextStep({ quality: 0.9, scale: 1 }, { ...base, sizeBytes: 150_000 });
    expect(step?.quality).toBeCloseTo(0.855);
    expect(step?.scale).toBe(1);
  });

  it('shrinks by the square root of the size ratio when the result is far too big', () => {
    const step = nextStep({ quality: 0.9, scale: 1 }, { ...base, sizeBytes: 400_000 });
    expect(step).toEqual({ quality: 0.9, scale: 0.5 });
  });

  it('shrinks by at least the accuracy once the quality is at its floor', () => {
    const step = nextStep({ quality: MIN_QUALITY, scale: 1 }, { ...base, sizeBytes: 101_000 });
    expect(step?.quality).toBe(MIN_QUALITY);
    expect(step?.scale).toBeCloseTo(0.95);
  });

  it('never shrinks the longer side below the minimum', () => {
    const step = nextStep({ quality: MIN_QUALITY, scale: 0.04 }, { ...base, sizeBytes: 10_000_000 });
    expect(step?.scale).toBeCloseTo(MIN_SIDE / 2000);
  });

  it('keeps lowering the quality when the size floor is reached first', () => {
    const step = nextStep({ quality: 0.9, scale: MIN_SIDE / 2000 }, { ...base, sizeBytes: 10_000_000 });
    expect(step?.quality).toBeCloseTo(0.855);
  });

  it('stops when both floors are reached', () => {
    expect(
      nextStep({ quality: MIN_QUALITY, scale: MIN_SIDE / 2000 }, { ...base, sizeBytes: 200_000 }),
    ).toBeNull();
  });

  it('reaches a floor in a bounded number of steps however large the file', () => {
    let step = nextStep({ quality: START_QUALITY, scale: 1 }, { ...base, sizeBytes: 1e9 });
    let steps = 0;
    while (step && steps < 100) {
      step = nextStep(step, { ...base, sizeBytes: 1e9 });
      steps++;
    }
    expect(step).toBeNull();
    expect(steps).toBeLessThan(40);
  });
});

describe('jpegFileName', () => {
  it('gives the file a .jpg extension', () => {
    expect(jpegFileName('photo.png')).toBe('photo.jpg');
    expect(jpegFileName('my.photo.GIF')).toBe('my.photo.jpg');
    expect(jpegFileName('photo')).toBe('photo.jpg');
    expect(jpegFileName('.png')).toBe('image.jpg');
  });
});

describe('compressImage', () => {
  it('returns the original file when it is already at or below the target', async () => {
    const file = new File([new Uint8Array(1024)], 'small.png', { type: 'image/png' });
    expect(await compressImage(file, { targetKB: 1 })).toBe(file);
  });
  it('returns files of other types unchanged', async () => {
    const file = new File([new Uint8Array(4096)], 'big.webp', { type: 'image/webp' });
    expect(await compressImage(file, { targetKB: 1 })).toBe(file);
  });
});

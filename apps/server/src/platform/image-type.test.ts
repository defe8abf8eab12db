import { describe, expect, it } from 'vitest';
import { detectImage, extensionMatches } from './image-type.ts';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values
      .flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v]))
      .concat(new Array(16).fill(0)),
  );

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

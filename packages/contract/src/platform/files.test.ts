import { describe, expect, it } from 'vitest';
import { formatFileSize } from './files.ts';

describe('formatFileSize', () => {
  it('picks a readable unit', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatFileSize(30 * 1024 * 1024)).toBe('30.0 MB');
  });
});

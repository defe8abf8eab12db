import { describe, expect, it } from 'vitest';
import { logoFileProblem } from './logo-file.ts';

describe('logoFileProblem', () => {
  it('accepts pictures up to 2 MB and names what is wrong otherwise', () => {
    expect(logoFileProblem({ name: 'logo.PNG', size: 1000 })).toBeNull();
    expect(logoFileProblem({ name: 'logo.txt', size: 1000 })).toBe('只能上传gif,jpg,jpeg,png,bmp,webp的图片');
    expect(logoFileProblem({ name: 'png', size: 1000 })).toBe('只能上传gif,jpg,jpeg,png,bmp,webp的图片');
    expect(logoFileProblem({ name: 'logo.png', size: 0 })).toBe('文件为空');
    expect(logoFileProblem({ name: 'big.jpg', size: 2048 * 1024 + 1 })).toBe("'big.jpg'文件大小超过2MB");
  });
});

import { describe, expect, it } from 'vitest';
import { deleteBlocker } from './file-types.ts';

describe('deleteBlocker', () => {
  it('blocks a built-in type and a type in use, and lets an unused own type go', () => {
    expect(deleteBlocker({ isBuiltIn: true, fileCount: 0 })).toBe('内置类型不能删除');
    expect(deleteBlocker({ isBuiltIn: false, fileCount: 3 })).toBe('已有3个文件使用，不能删除');
    expect(deleteBlocker({ isBuiltIn: false, fileCount: 0 })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { publicFormUrl } from './public-url.ts';

describe('publicFormUrl', () => {
  it('builds the hash route of the public page under the app path', () => {
    expect(publicFormUrl({ origin: 'https://qa.school.cn', pathname: '/eduqa/' }, 'L1')).toBe(
      'https://qa.school.cn/eduqa/#/tableConfiguration/L1',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { DATA_SCREEN_HEADER_COLOR, headerColor, otherTheme, parseTheme } from './theme.ts';

describe('theme', () => {
  it('reads a stored theme, defaulting to dark', () => {
    expect(parseTheme('blue')).toBe('blue');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme(null)).toBe('dark');
    expect(parseTheme('pink')).toBe('dark');
  });

  it('switches between the two themes', () => {
    expect(otherTheme('dark')).toBe('blue');
    expect(otherTheme('blue')).toBe('dark');
  });

  it('gives the header colour of the theme', () => {
    expect(headerColor('dark', '/index')).toBe('#24293e');
    expect(headerColor('blue', '/system/users')).toBe('rgb(57,126,240)');
  });

  it('darkens the header on the data screen', () => {
    expect(headerColor('blue', '/dataScreen')).toBe(DATA_SCREEN_HEADER_COLOR);
    expect(headerColor('dark', '/dataScreen/x')).toBe(DATA_SCREEN_HEADER_COLOR);
    expect(headerColor('dark', '/dataScreenX')).toBe('#24293e');
  });
});

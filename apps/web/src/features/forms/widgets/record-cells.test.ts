import { describe, expect, it } from 'vitest';
import { cellText } from './record-cells.ts';

const options = [
  { value: 'prof', label: '教授' },
  { value: 'lect', label: '讲师' },
];

describe('cellText', () => {
  it('shows option labels for chosen values, joined for a multi-select', () => {
    expect(cellText('prof', options)).toBe('教授');
    expect(cellText(['prof', 'lect'], options)).toBe('教授、讲师');
  });

  it('shows other values as text and blanks as a dash', () => {
    expect(cellText(42, [])).toBe('42');
    expect(cellText('other', options)).toBe('other');
    expect(cellText(null, [])).toBe('—');
    expect(cellText([], [])).toBe('—');
  });
});

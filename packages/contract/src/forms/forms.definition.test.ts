import { describe, expect, it } from 'vitest';
import {
  checkFieldValue,
  checkRecord,
  compareDefinitions,
  FORM_MESSAGES,
  FormDefinitionSchema,
  type FormField,
  FormFieldSchema,
} from './forms.definition.ts';
import { COMPONENT_TYPES, type ComponentType } from './forms.enums.ts';

const field = (component: ComponentType, extra: Partial<FormField> = {}): FormField =>
  FormFieldSchema.parse({ key: 'f', label: '字段', component, ...extra });

describe('checkFieldValue', () => {
  const cases: Array<[ComponentType, string, string | null]> = [
    ['email', 'li@school.edu.cn', null],
    ['email', 'li@', FORM_MESSAGES.email],
    ['url', 'https://www.moe.gov.cn/x?a=1', null],
    ['url', 'www.moe.gov.cn', FORM_MESSAGES.url],
    ['phone', '13912345678', null],
    ['phone', '0571-88886666', null],
    ['phone', '1391234', FORM_MESSAGES.phone],
    ['integer', '-42', null],
    ['integer', '4.2', FORM_MESSAGES.integer],
    ['float', '3.14', null],
    ['float', '3.1.4', FORM_MESSAGES.float],
    ['date', '2026-02-28', null],
    ['date', '2026-02-30', FORM_MESSAGES.date],
    ['month', '2026-11', null],
    ['month', '2026-13', FORM_MESSAGES.month],
    ['year', '2026', null],
    ['year', '26', FORM_MESSAGES.year],
    ['text', '任意文字', null],
    ['editor', '多行\n文字', null],
    ['inputSelect', '不在列表中也可以', null],
  ];
  it.each(cases)('%s accepts or refuses %j', (component, value, message) => {
    expect(checkFieldValue(field(component), value)).toBe(message);
  });

  it('asks for a required value of every component and lets an optional one be empty', () => {
    for (const component of COMPONENT_TYPES) {
      const options = component.includes('elect')
        ? { source: 'constant' as const, constantTypeId: 'c' }
        : null;
      expect(checkFieldValue(field(component, { validations: [{ type: 'require' }], options }), '')).toBe(
        FORM_MESSAGES.required,
      );
      expect(checkFieldValue(field(component, { options }), null)).toBeNull();
    }
    expect(checkFieldValue(field('multiSelect', { validations: [{ type: 'require' }] }), [])).toBe(
      FORM_MESSAGES.required,
    );
  });

  it('keeps a select to its options when they are known', () => {
    expect(checkFieldValue(field('select'), '教授', ['教授', '副教授'])).toBeNull();
    expect(checkFieldValue(field('select'), '院士', ['教授', '副教授'])).toBe(FORM_MESSAGES.option);
    expect(checkFieldValue(field('multiSelect'), ['教授', '院士'], ['教授'])).toBe(FORM_MESSAGES.option);
    expect(checkFieldValue(field('text'), ['a'])).toBe(FORM_MESSAGES.option);
  });

  it('answers a custom pattern with its own message, and limits the length', () => {
    const id = field('text', {
      validations: [{ type: 'custom', pattern: '^\\d{8}$', message: '工号为8位数字' }],
    });
    expect(checkFieldValue(id, '20240001')).toBeNull();
    expect(checkFieldValue(id, '2024')).toBe('工号为8位数字');
    expect(checkFieldValue(field('text'), 'x'.repeat(301))).toBe(FORM_MESSAGES.tooLong(300));
    expect(checkFieldValue(field('editor'), 'x'.repeat(1000))).toBeNull();
  });
});

describe('FormDefinitionSchema', () => {
  const base = { formType: 'floating', layout: 'normal' };
  it('refuses duplicate keys, a bad key, a select without options and an invalid pattern', () => {
    const messages = (fields: unknown[]) => {
      const result = FormDefinitionSchema.safeParse({ ...base, fields });
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(
      messages([
        { key: 'a', label: 'A', component: 'text' },
        { key: 'a', label: 'B', component: 'text' },
      ]),
    ).toEqual([FORM_MESSAGES.duplicateKey('a')]);
    expect(messages([{ key: '1a', label: 'A', component: 'text' }])).toEqual([FORM_MESSAGES.badKey]);
    expect(messages([{ key: 'record_id', label: 'A', component: 'text' }])).toEqual([
      FORM_MESSAGES.reservedKey('record_id'),
    ]);
    expect(messages([{ key: 'a', label: '职称', component: 'select' }])).toEqual([
      FORM_MESSAGES.needOptions('职称'),
    ]);
    expect(
      messages([
        {
          key: 'a',
          label: 'A',
          component: 'text',
          validations: [{ type: 'custom', pattern: '([', message: 'x' }],
        },
      ]),
    ).toEqual([FORM_MESSAGES.badPattern]);
    expect(messages([])).toEqual([FORM_MESSAGES.emptyForm]);
  });
});

describe('checkRecord and compareDefinitions', () => {
  const fields = [
    field('text', { key: 'name', validations: [{ type: 'require' }] }),
    field('email', { key: 'mail' }),
    field('integer', { key: 'age' }),
  ];
  it('lists each bad field by key', () => {
    expect(checkRecord({ fields }, { name: '', mail: 'x', age: 30 })).toEqual({
      name: FORM_MESSAGES.required,
      mail: FORM_MESSAGES.email,
    });
    expect(checkRecord({ fields }, { name: '李', mail: null, age: '30' })).toEqual({});
  });
  it('tells added, removed and retyped fields apart', () => {
    const next = [fields[0]!, field('text', { key: 'age' }), field('date', { key: 'born' })];
    const change = compareDefinitions({ fields }, { fields: next });
    expect(change.added.map((f) => f.key)).toEqual(['born']);
    expect(change.removed.map((f) => f.key)).toEqual(['mail']);
    expect(change.retyped.map((f) => f.key)).toEqual(['age']);
  });
});

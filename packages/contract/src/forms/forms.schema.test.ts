import { describe, expect, it } from 'vitest';
import { FormDefinitionSchema } from './forms.definition.ts';
import { ConstantTypeBodySchema, FormCreateBodySchema, FormDraftSchema } from './forms.schema.ts';

describe('form drafts', () => {
  it('keeps an incomplete design that publishing would refuse', () => {
    const draft = FormDraftSchema.parse({
      formType: 'fixed',
      layout: 'table',
      fields: [{ key: 'title', label: '职称', component: 'select' }],
    });
    expect(draft.fields).toHaveLength(1);
    expect(FormDefinitionSchema.safeParse(draft).success).toBe(false);
  });

  it('defaults a new form to syncing and an empty field list', () => {
    const body = FormCreateBodySchema.parse({
      name: ' 教师信息 ',
      definition: { formType: 'floating', layout: 'normal' },
    });
    expect(body).toMatchObject({ name: '教师信息', syncType: 'syn', definition: { fields: [] } });
  });

  it('refuses an unknown layout in Chinese', () => {
    const parsed = FormDraftSchema.safeParse({ formType: 'floating', layout: 'grid' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('请选择布局方式');
  });
});

describe('constant types', () => {
  it('takes a code that starts with a letter, and refuses any other in Chinese', () => {
    expect(ConstantTypeBodySchema.safeParse({ name: '职称', code: 'zc_1' }).success).toBe(true);
    const parsed = ConstantTypeBodySchema.safeParse({ name: '职称', code: '1zc' });
    expect(parsed.error?.issues[0]?.message).toMatch(/以字母开头/);
  });
});

import { describe, expect, it } from 'vitest';
import { draftToDefinition } from './draft-definition.ts';

describe('draftToDefinition', () => {
  it('keeps complete fields as they are and fills what an incomplete one lacks', () => {
    const definition = draftToDefinition({
      formType: 'fixed',
      layout: 'table',
      fields: [
        { key: 'name', label: '姓名', component: 'text', validations: [{ type: 'require' }] },
        { key: 'Bad Key', label: '职称', component: 'select', span: 7 },
      ],
    });
    expect(definition.fields[0]).toMatchObject({ key: 'name', span: 24, validations: [{ type: 'require' }] });
    expect(definition.fields[1]).toEqual({
      key: 'Bad Key',
      label: '职称',
      component: 'select',
      help: '',
      defaultValue: '',
      span: 24,
      validations: [],
      options: null,
    });
  });
});

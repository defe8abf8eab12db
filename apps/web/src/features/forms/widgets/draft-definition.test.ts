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

  it('keeps a field whose 已有数据 source is half chosen, with the part chosen so far', () => {
    const definition = draftToDefinition({
      formType: 'floating',
      layout: 'normal',
      fields: [
        {
          key: 'zc',
          label: '职称',
          component: 'text',
          span: 12,
          validations: [{ type: 'require' }],
          prefill: { source: 'warehouse', tableId: 't1', fieldCode: '', matchCode: '' },
        },
        { key: 'xm', label: '姓名', component: 'text', prefill: { source: 'nowhere' } },
      ],
    });
    expect(definition.fields[0]).toMatchObject({
      span: 12,
      validations: [{ type: 'require' }],
      prefill: { source: 'warehouse', tableId: 't1', fieldCode: '', matchCode: '' },
    });
    expect(definition.fields[1]).toMatchObject({ key: 'xm', prefill: null });
  });
});

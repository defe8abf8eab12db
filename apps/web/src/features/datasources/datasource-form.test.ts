import { PASSWORD_MASK } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { initialValues, portAfterKindChange, toBody } from './datasource-form.ts';

describe('data-source form', () => {
  it('sends no connection fields for the built-in database', () => {
    const body = toBody({
      ...initialValues(null),
      name: ' 平台库 ',
      type: 'builtin',
      host: 'x',
      password: 'p',
    });
    expect(body).toEqual({ name: '平台库', type: 'builtin', defaultsStatus: false, hideStatus: false });
  });

  it('sends the mask back untouched, so the stored password is kept', () => {
    const values = initialValues({
      id: '1',
      name: '教务库',
      type: 'mysql',
      host: 'jw.school',
      port: 3306,
      databaseName: 'jw',
      username: 'reader',
      password: PASSWORD_MASK,
      defaultsStatus: 1,
      hideStatus: 0,
      createTime: '2026-01-01T00:00:00.000Z',
    });
    expect(toBody(values)).toMatchObject({ password: PASSWORD_MASK, port: 3306, defaultsStatus: true });
  });

  it('moves an untouched usual port to the new kind, keeps a custom one', () => {
    expect(portAfterKindChange(5432, 'mysql')).toBe(3306);
    expect(portAfterKindChange(15432, 'mysql')).toBe(15432);
    expect(portAfterKindChange(3306, 'builtin')).toBeNull();
  });
});

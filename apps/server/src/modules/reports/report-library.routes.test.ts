import {
  QUALITY_REPORT_BASE,
  type QualityReportCover,
  type QualityReportTemplate,
  ROLE_IDS,
} from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { failed, forbidden, notFound, ok } from '../diagnosis/diagnosis.fixtures.ts';

/** 报告模板 and 报告封面 of quality reports: the diagnosis publishers' library. */
const R = `${QUALITY_REPORT_BASE}/report`;
const SECTIONS = [
  { key: 'points', title: '质控点分析', enabled: true, narrative: '' },
  { key: 'explain', title: '自我诊断总结', enabled: false, narrative: '' },
];

let t: TestApp;
let publisher: Session;
let teacher: Session;

beforeAll(async () => {
  t = await createTestApp();
  const mk = async (roles: string[]) => {
    const u = await createUser(t, { roles });
    return signIn(t, u.account, u.password);
  };
  publisher = await mk([ROLE_IDS.diagnosisPublisher]);
  teacher = await mk([ROLE_IDS.diagnosisObject]);
});
afterAll(() => t.close());

type PageOf<T> = { records: T[]; total: number };
const covers = async () => ok<PageOf<QualityReportCover>>(await publisher.get(`${R}/cover/selectpage`, {}));
const insertCover = async (title: string) =>
  ok<QualityReportCover>(await publisher.post(`${R}/cover/insert`, { title, schoolName: '示范学院' }));
const defaults = async () => (await covers()).records.filter((c) => c.isDefault).map((c) => c.title);

describe('report templates', () => {
  it('are added, found by name, renamed and deleted by a diagnosis publisher', async () => {
    const made = ok<QualityReportTemplate>(
      await publisher.post(`${R}/template/insert`, { name: '学期模板', sections: SECTIONS }),
    );
    expect(made.sections.map((s) => s.key)).toEqual(['points', 'explain']);
    expect(made.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const found = ok<PageOf<QualityReportTemplate>>(
      await publisher.get(`${R}/template/selectpage`, { keyword: '学期' }),
    );
    expect(found.records.map((r) => r.id)).toEqual([made.id]);
    const none = ok<PageOf<QualityReportTemplate>>(
      await publisher.get(`${R}/template/selectpage`, { keyword: '%' }),
    );
    expect(none.total).toBe(0);

    const renamed = ok<QualityReportTemplate>(
      await publisher.post(`${R}/template/update`, {
        id: made.id,
        name: '年度模板',
        sections: SECTIONS.slice(0, 1),
      }),
    );
    expect(renamed).toMatchObject({ name: '年度模板', sections: [{ key: 'points' }] });
    ok(await publisher.post(`${R}/template/ids/delete`, { ids: [made.id] }));
    notFound(await publisher.post(`${R}/template/ids/delete`, { ids: [made.id] }));
  });

  it('refuse a second template of the same name, in Chinese', async () => {
    ok(await publisher.post(`${R}/template/insert`, { name: '同名模板', sections: SECTIONS }));
    const again = await publisher.post(`${R}/template/insert`, { name: '同名模板', sections: SECTIONS });
    expect(again.json().meta.success).toBe(false);
    expect(again.json().meta.message).toBe('模板名称已存在');
  });

  it('answer bad sections and unknown templates with a Chinese 4xx', async () => {
    failed(
      await publisher.post(`${R}/template/insert`, { name: '空模板', sections: [] }),
      400,
      '请至少保留一个章节',
    );
    failed(
      await publisher.post(`${R}/template/insert`, { name: '重复', sections: [SECTIONS[0], SECTIONS[0]] }),
      400,
      '章节不能重复',
    );
    failed(
      await publisher.post(`${R}/template/insert`, {
        name: '坏章节',
        sections: [{ key: 'secrets', title: 'x', enabled: true }],
      }),
      400,
      '章节不正确',
    );
    failed(
      await publisher.post(`${R}/template/update`, { id: 'nope', name: '无此模板', sections: SECTIONS }),
      404,
      '报告模板不存在',
    );
    failed(await publisher.post(`${R}/template/ids/delete`, { ids: [] }), 400, '请选择报告模板');
  });

  it('are not for someone who does not publish diagnoses', async () => {
    forbidden(await teacher.post(`${R}/template/insert`, { name: '越权模板', sections: SECTIONS }));
    const page = ok<PageOf<QualityReportTemplate>>(await publisher.get(`${R}/template/selectpage`, {}));
    expect(page.records.map((r) => r.name)).not.toContain('越权模板');
  });
});

describe('report covers', () => {
  it('keep exactly one default: the first cover, then the chosen one, then the newest after a delete', async () => {
    const first = await insertCover('第一封面');
    expect(first.isDefault).toBe(true);
    const second = await insertCover('第二封面');
    expect(second.isDefault).toBe(false);
    const third = await insertCover('第三封面');
    expect(await defaults()).toEqual(['第一封面']);

    const chosen = ok<QualityReportCover>(await publisher.post(`${R}/cover/default`, { id: second.id }));
    expect(chosen.isDefault).toBe(true);
    expect(await defaults()).toEqual(['第二封面']);
    expect((await covers()).records[0]?.id).toBe(second.id);

    ok(await publisher.post(`${R}/cover/delete`, { id: second.id }));
    expect(await defaults()).toEqual(['第三封面']);
    ok(await publisher.post(`${R}/cover/delete`, { id: first.id }));
    expect(await defaults()).toEqual(['第三封面']);
    ok(await publisher.post(`${R}/cover/delete`, { id: third.id }));
    expect((await covers()).total).toBe(0);
  });

  it('answer unknown covers and bad input with a Chinese 4xx, and refuse non-publishers', async () => {
    failed(await publisher.post(`${R}/cover/default`, { id: 'nope' }), 404, '报告封面不存在');
    failed(await publisher.post(`${R}/cover/delete`, { id: 'nope' }), 404, '报告封面不存在');
    failed(await publisher.post(`${R}/cover/insert`, { title: '', schoolName: '示范学院' }), 400, '封面标题');
    failed(await publisher.post(`${R}/cover/insert`, { title: '无学校' }), 400, '学校名称');
    forbidden(await teacher.post(`${R}/cover/insert`, { title: '越权封面', schoolName: '示范学院' }));
    const made = await insertCover('留下的封面');
    forbidden(await teacher.post(`${R}/cover/default`, { id: made.id }));
    forbidden(await teacher.post(`${R}/cover/delete`, { id: made.id }));
    expect(await defaults()).toEqual(['留下的封面']);
  });
});

import {
  diagnosisEndpoints,
  formatScore,
  fromAnalysisObjectWire,
  fromObjectTaskWire,
  fromPortraitDataWire,
  fromReportViewWire,
  measuresEndpoints,
  OBJECT_LEVELS,
  type PortraitSubject,
  portraitEndpoints,
  qualityReportEndpoints,
  qualityReportFutureTasks,
  RATE_FIGURES,
  type RateFigure,
  rate,
  SCORE_FIGURE,
  scoreEndpoints,
  type TaskFigure,
  type TaskFigures,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { createTestApp, type Session, signIn, type TestApp } from './app.ts';

/**
 * One number everywhere (issue 26): the figures of the catalogue (packages/contract/src/figures) of one
 * object task, read from every place that shows them, are equal; and every sentence that shows a rate
 * shows the count and the denominator it was taken over, which divide to that rate.
 *
 * A place is a row of PLACES: a name and how it reads the figures of a target. The dashboard measure,
 * the home page and the data screen join as more rows when they show these figures.
 */

interface Target {
  level: PortraitSubject;
  taskId: string;
  taskName: string;
  objectId: string;
  objectTaskId: string;
  /** The report of this object task the test made. */
  reportId: string;
}

type ReadFigures = Partial<TaskFigures>;

interface Place {
  name: string;
  /** The figures this place shows for the target; null when it does not show that object task alone. */
  read(target: Target): Promise<ReadFigures | null>;
}

let t: TestApp;
let admin: Session;

const REPORT_BASE = qualityReportEndpoints.downloadWord.path.replace(/\/downloadword$/, '');

/** The figures a sentence shows, found by the catalogue's phrases (figures.ts `ratePhrase`). */
function figuresInText(text: string): ReadFigures {
  const found: ReadFigures = {};
  const num = (s: string | undefined) => Number(s);
  const reached = /已出结果的(\d+)个质控点中达标(\d+)个，达标率([\d.]+)%/.exec(text);
  if (reached) {
    Object.assign(found, {
      evaluatedCount: num(reached[1]),
      reachedCount: num(reached[2]),
      reachedRate: num(reached[3]),
    });
  }
  const completed = /(\d+)个质控点中已出结果(\d+)个，完成率([\d.]+)%/.exec(text);
  if (completed) {
    Object.assign(found, {
      pointCount: num(completed[1]),
      evaluatedCount: num(completed[2]),
      completionRate: num(completed[3]),
    });
  }
  const handled = /(\d+)次预警中已处理(\d+)次，处理率([\d.]+)%/.exec(text);
  if (handled) {
    Object.assign(found, {
      warningCount: num(handled[1]),
      handledCount: num(handled[2]),
      handledRate: num(handled[3]),
    });
  }
  // The below and unfinished phrases (report-overview.ts) say 0 in words.
  const unfinished = /尚有(\d+)个质控点未完成/.exec(text);
  if (unfinished) found.unfinishedCount = num(unfinished[1]);
  else if (text.includes('质控点均已出结果')) found.unfinishedCount = 0;
  const below = /未达标(\d+)个/.exec(text);
  if (below) found.belowCount = num(below[1]);
  else if (text.includes('无未达标质控点')) found.belowCount = 0;
  return found;
}

async function reportView(target: Target) {
  return fromReportViewWire(
    await admin.call(qualityReportEndpoints.selectById, { query: { bgid: target.reportId } }),
  );
}

/** The text of the report's Word file, generated once per report through the API as a user does. */
const wordTexts = new Map<string, Promise<string>>();
function wordText(target: Target): Promise<string> {
  if (!wordTexts.has(target.reportId)) wordTexts.set(target.reportId, generateWord(target));
  return wordTexts.get(target.reportId)!;
}

async function generateWord(target: Target): Promise<string> {
  const started = await admin.call(qualityReportEndpoints.downloadWord, { body: { bgid: target.reportId } });
  let job = { state: 'waiting' };
  for (let i = 0; i < 240 && (job.state === 'waiting' || job.state === 'running'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    job = await admin.call(qualityReportFutureTasks.result, { query: { taskId: started.taskId } });
  }
  expect(job.state).toBe('finished');
  const file = await admin.get(`${REPORT_BASE}/word`, { bgid: target.reportId });
  const zip = await JSZip.loadAsync(file.rawPayload);
  const xml = await zip.file('word/document.xml')!.async('string');
  return xml.replace(/<[^>]+>/g, '');
}

const PLACES: Place[] = [
  {
    name: '质量报告（接口的总体概况）',
    async read(target) {
      const { overview } = await reportView(target);
      return overview;
    },
  },
  {
    name: '质量报告（页面上的叙述）',
    async read(target) {
      const view = await reportView(target);
      return figuresInText(view.sections.flatMap((s) => s.narrative.map((n) => n.text)).join('\n'));
    },
  },
  { name: '质量报告 Word', read: async (target) => figuresInText(await wordText(target)) },
  {
    name: '画像',
    async read(target) {
      const data = fromPortraitDataWire(
        await admin.call(portraitEndpoints.data, {
          query: { level: target.level, objectId: target.objectId, taskId: target.taskId },
        }),
      );
      expect(data.task?.id).toBe(target.taskId);
      // The point table's tags are the points the summary counts.
      expect(data.points.filter((p) => p.unfinished)).toHaveLength(data.summary.unfinishedCount);
      expect(data.points.filter((p) => p.result === null)).toHaveLength(data.summary.unfinishedCount);
      expect(data.points.filter((p) => p.below)).toHaveLength(data.summary.belowCount);
      return data.summary;
    },
  },
  {
    name: '诊断任务的对象任务列表（质控点、未达标、未完成）',
    async read(target) {
      const page = await admin.call(diagnosisEndpoints.objectTasks, {
        query: { rwid: target.taskId, pageNum: 1, pageSize: 100 },
      });
      const row = page.records.map(fromObjectTaskWire).find((o) => o.id === target.objectTaskId);
      if (!row) return null;
      return { pointCount: row.pointCount, belowCount: row.belowCount, unfinishedCount: row.unfinishedCount };
    },
  },
  {
    name: '统计分析（任务的诊断对象）',
    async read(target) {
      const page = await admin.call(diagnosisEndpoints.analysisObjects, {
        query: { rwid: target.taskId, pageNum: 1, pageSize: 100 },
      });
      const row = page.records
        .map(fromAnalysisObjectWire)
        .find((o) => o.objectTaskId === target.objectTaskId);
      if (!row) return null;
      const { pointCount, evaluatedCount, reachedCount, belowCount, unfinishedCount, reachedRate } = row;
      return { pointCount, evaluatedCount, reachedCount, belowCount, unfinishedCount, reachedRate };
    },
  },
  {
    name: '首页仪表盘与数据大屏的质控点达标率（内置指标 pointAttainment）',
    async read(target) {
      // The measure is per level over the level's open tasks: it is this object task's 达标率 when that is
      // the level's only open object task (the demo school's).
      const [open] = await queryRows<{ n: number | string; mine: number | string }>(
        t.db,
        sql`select count(*) as n, count(*) filter (where ot.id = ${target.objectTaskId}) as mine
            from object_tasks ot join diagnosis_tasks dt on dt.id = ot.task_id
            where dt.level = ${target.level} and dt.state = 'normal'`,
      );
      if (Number(open?.n) !== 1 || Number(open?.mine) !== 1) return null;
      const m = await admin.call(measuresEndpoints.query, { query: { key: 'pointAttainment' } });
      const value = m.series?.[0]?.data[OBJECT_LEVELS.indexOf(target.level)];
      return { reachedRate: value ?? Number.NaN };
    },
  },
];

/**
 * The demo's object task of a level to check: the newest task of the level, the object with the most
 * points without a result in it (so 未完成 and 达标率's denominator are tested), then the most warnings.
 */
async function demoTarget(level: PortraitSubject, templateId: string | null): Promise<Target> {
  const [row] = await queryRows<Omit<Target, 'level' | 'reportId'>>(
    t.db,
    sql`select t.id as "taskId", t.name as "taskName", ot.object_id as "objectId", ot.id as "objectTaskId"
        from object_tasks ot join diagnosis_tasks t on t.id = ot.task_id
        where t.level = ${level}
        order by t.start_date desc, t.created_at desc,
          (select count(*) from assigned_points ap where ap.object_task_id = ot.id
             and coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) is null) desc,
          (select count(*) from point_warnings w join assigned_points ap on ap.id = w.assigned_point_id
             where ap.object_task_id = ot.id) desc,
          ot.id
        limit 1`,
  );
  if (!row) throw new Error(`the demo has no ${level} task`);
  const report = await admin.call(qualityReportEndpoints.insert, {
    body: {
      rwid: row.taskId,
      scope: 'objectTask',
      dxrwid: row.objectTaskId,
      ...(templateId ? { templateId } : {}),
    },
  });
  return { ...row, level, reportId: report.bgid };
}

const targets = new Map<PortraitSubject, Target>();
/** The places that showed the figures of at least one target. */
const checked = new Set<string>();

/** Each place read once per target (a Word file takes seconds to generate). */
const readings = new Map<string, Promise<ReadFigures | null>>();
function readAt(place: Place, target: Target): Promise<ReadFigures | null> {
  const key = `${place.name}|${target.objectTaskId}`;
  if (!readings.has(key)) readings.set(key, place.read(target));
  return readings.get(key)!;
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await signIn(t, 'admin', DEMO_PASSWORD);
  const [annual] = await queryRows<{ id: string }>(
    t.db,
    sql`select id from quality_report_templates where name = '质量年报模板'`,
  );
  // The school's report is written with the demo's annual template, the others with the default sentences.
  targets.set('school', await demoTarget('school', annual!.id));
  targets.set('teacher', await demoTarget('teacher', null));
  targets.set('student', await demoTarget('student', null));
}, 300_000);
afterAll(() => t.close());

const FIGURE_KEYS: TaskFigure[] = [
  'pointCount',
  'evaluatedCount',
  'reachedCount',
  'belowCount',
  'unfinishedCount',
  'reachedRate',
  'completionRate',
  'warningCount',
  'handledCount',
  'handledRate',
];

describe.each(['school', 'teacher', 'student'] as const)('the figures of a demo %s object task', (level) => {
  it('are the same in every place that shows them', { timeout: 120_000 }, async () => {
    const target = targets.get(level)!;
    const read = await Promise.all(
      PLACES.map(async (p) => ({ name: p.name, figures: await readAt(p, target) })),
    );
    const reference = read[0]!.figures as TaskFigures;
    // The demo is chosen so that the check means something: some points have no result yet.
    expect(reference.unfinishedCount, target.taskName).toBeGreaterThan(0);
    expect(reference.reachedCount + reference.belowCount).toBe(reference.evaluatedCount);
    expect(reference.evaluatedCount + reference.unfinishedCount).toBe(reference.pointCount);
    for (const { name, figures } of read) {
      if (figures === null) continue;
      checked.add(name);
      const shown = Object.fromEntries(FIGURE_KEYS.filter((k) => k in figures).map((k) => [k, figures[k]]));
      expect(Object.keys(shown).length, `${name} shows no figure`).toBeGreaterThan(0);
      expect(shown, `${name} of ${target.taskName}`).toEqual(
        Object.fromEntries(Object.keys(shown).map((k) => [k, reference[k as TaskFigure]])),
      );
    }
  });

  it('shows each rate with the count and denominator it divides', { timeout: 120_000 }, async () => {
    const target = targets.get(level)!;
    for (const place of PLACES.slice(1, 3)) {
      const figures = (await readAt(place, target)) ?? {};
      expect(figures.reachedRate, `${place.name}: 达标率 with its denominator`).toBeDefined();
      for (const [figure, entry] of Object.entries(RATE_FIGURES) as Array<
        [RateFigure, (typeof RATE_FIGURES)[RateFigure]]
      >) {
        const n = figures[entry.numerator];
        const d = figures[entry.denominator];
        if (figures[figure] === undefined) continue;
        expect([n, d], `${place.name}: ${entry.name} without its count`).not.toContain(undefined);
        expect(figures[figure]).toBe(rate(n!, d!));
      }
    }
  });
});

describe.each(['school', 'teacher', 'student'] as const)('得分 of a demo %s object task', (level) => {
  it('is the same in the score panel, the report and its Word file', { timeout: 120_000 }, async () => {
    const target = targets.get(level)!;
    const panel = await admin.call(scoreEndpoints.score, { query: { dxrwid: target.objectTaskId } });
    // The demo computes every object task's score (seed), so the check compares numbers, not blanks.
    expect(panel.df, `${SCORE_FIGURE.name} of ${target.taskName}`).not.toBeNull();
    expect((await reportView(target)).score).toBe(panel.df);
    expect(await wordText(target)).toContain(`${SCORE_FIGURE.name}${formatScore(panel.df)}`);
  });
});

describe('the cross-check', () => {
  it('compared every place on at least one demo object task', () => {
    expect([...checked].sort()).toEqual(PLACES.map((p) => p.name).sort());
  });
});

import {
  expertOutcome,
  narrativePlaceholder as figure,
  REVIEW_RESULT_LABELS,
  REVIEW_RESULTS,
  type ReviewResult,
  SEAL_KINDS,
  type SealKind,
  type TemplateSection,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { files } from '../modules/files/files.table.ts';
import type { FileStorage } from '../platform/file-storage.ts';
import { newId } from '../platform/ids.ts';
import { DEMO_SCHOOL } from './demo.ts';

/**
 * The demo's quality reports: last year's school report reviewed by both experts and the school and
 * sealed; this year's in expert review with a discussion; a major's report rejected with its reason; a
 * template modelled on the chapters of the annual quality report (质量年报); a default cover; and the
 * seals, drawn here as images (the administrator replaces them with the school's own).
 */

const esc = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A round red stamp: ring, star, the school's name and what the seal certifies. */
export function sealSvg(kind: SealKind, result: ReviewResult): string {
  const title = kind === 'expert' ? '专家评审' : '学校审核';
  const school = DEMO_SCHOOL.replace('（演示）', '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
  <circle cx="100" cy="100" r="92" fill="none" stroke="#d4262d" stroke-width="8"/>
  <text x="100" y="66" text-anchor="middle" font-size="15" textLength="128" lengthAdjust="spacingAndGlyphs" fill="#d4262d">${esc(school)}</text>
  <text x="100" y="112" text-anchor="middle" font-size="40" fill="#d4262d">★</text>
  <text x="100" y="148" text-anchor="middle" font-size="22" fill="#d4262d">${esc(title)}</text>
  <text x="100" y="176" text-anchor="middle" font-size="20" fill="#d4262d">${esc(REVIEW_RESULT_LABELS[result])}</text>
</svg>`;
}

/**
 * The annual quality report's chapters, expressed as a template of the report's sections. Each rate is
 * written as its phrase (「已出结果的102个质控点中达标71个，达标率69.61%」): a bare rate beside the total
 * (「质控点112个，达标71个，达标率69.61%」) read as if taken over all points. The below and unfinished points
 * are their phrases too, which read true at 0 (「无未达标质控点」, not 「未达标0个，主要集中在无」).
 */
export const ANNUAL_REPORT_TEMPLATE: TemplateSection[] = [
  {
    key: 'points',
    title: '学生发展与教学质量',
    enabled: true,
    narrative: `对照学校质量标准，本年度监测质控点${figure('pointCount')}个，${figure('reachedPhrase')}；${figure('belowPhrase')}。`,
  },
  {
    key: 'completion',
    title: '政策落实与目标完成',
    enabled: true,
    narrative: `年度目标${figure('completionPhrase')}，${figure('unfinishedPhrase')}。`,
  },
  {
    key: 'warnings',
    title: '质量监测与预警',
    enabled: true,
    narrative: `全年触发质量预警${figure('warningCount')}次，涉及质控点${figure('warnedPointCount')}个，${figure('handledPhrase')}。`,
  },
  { key: 'improvement', title: '问题整改成效', enabled: true, narrative: '' },
  { key: 'explain', title: '面临挑战与改进方向', enabled: true, narrative: '' },
];

export async function seedReportsDemo(
  tx: Db,
  input: { userIds: ReadonlyMap<string, string>; storage?: FileStorage | undefined },
) {
  const id = (account: string) => input.userIds.get(account)!;
  const publisher = id('sunhua');

  if (input.storage) {
    // The rasteriser loads only when seals are drawn (the first start of a demo), not with every server start.
    const { svgToPng } = await import('../modules/reports/report-charts.render.ts');
    for (const kind of SEAL_KINDS) {
      for (const result of REVIEW_RESULTS) {
        const bytes = await svgToPng(sealSvg(kind, result), { width: 200 });
        const fileId = newId();
        const storageKey = `${fileId.slice(0, 2)}/${fileId}`;
        await input.storage.put(storageKey, bytes);
        await tx.insert(files).values({
          id: fileId,
          name: `${kind}-${result}.png`,
          mime: 'image/png',
          size: bytes.length,
          storageKey,
          ownerUserId: id('admin'),
        });
        await tx.execute(
          sql`insert into quality_report_seals (kind, result, file_id) values (${kind}, ${result}, ${fileId})`,
        );
      }
    }
  }

  const templateId = newId();
  await tx.execute(sql`insert into quality_report_templates (id, name, sections, creator_user_id)
    values (${templateId}, '质量年报模板', ${JSON.stringify(ANNUAL_REPORT_TEMPLATE)}::jsonb, ${publisher})`);
  const coverId = newId();
  await tx.execute(sql`insert into quality_report_covers (id, title, subtitle, school_name, is_default, creator_user_id)
    values (${coverId}, '教学质量年度报告', '诊断与改进', ${DEMO_SCHOOL}, true, ${publisher})`);

  // The school's two tasks, newest first: this year's and last year's.
  const schoolTasks = await queryRows<{ id: string; name: string; end_date: string }>(
    tx,
    sql`select id, name, end_date::text from diagnosis_tasks where level = 'school' order by end_date desc`,
  );
  const [current, last] = schoolTasks;
  const majorTask = (
    await queryRows<{
      object_task_id: string;
      task_name: string;
      charger: string | null;
      object_name: string;
    }>(
      tx,
      sql`select ot.id as object_task_id, t.name as task_name, ot.charger_user_id as charger, o.name as object_name
          from object_tasks ot join diagnosis_tasks t on t.id = ot.task_id join diagnosis_objects o on o.id = ot.object_id
          where t.level = 'major' order by t.end_date desc, o.code limit 1`,
    )
  )[0];
  if (!current || !last) return { reports: 0 };

  const report = async (row: {
    name: string;
    taskId: string;
    state: string;
    scope?: 'task' | 'objectTask';
    objectTaskId?: string;
    principal?: string;
    round?: number;
    rejectReason?: string;
    expert?: { result: ReviewResult; score: number | null };
    school?: ReviewResult;
    ago: number;
  }) => {
    const reportId = newId();
    await tx.execute(sql`
      insert into quality_reports (id, name, task_id, scope, object_task_id, template_id, cover_id, principal_user_id,
        creator_user_id, state, round, reject_reason, expert_result, expert_score, school_result, submitted_at, done_at,
        created_at, updated_at)
      values (${reportId}, ${row.name}, ${row.taskId}, ${row.scope ?? 'task'}, ${row.objectTaskId ?? null}, ${templateId},
        ${coverId}, ${row.principal ?? publisher}, ${publisher}, ${row.state}, ${row.round ?? 1}, ${row.rejectReason ?? null},
        ${row.expert?.result ?? null}, ${row.expert?.score ?? null}, ${row.school ?? null},
        now() - make_interval(days => ${row.ago - 1}), ${row.school ? sql`now() - make_interval(days => ${row.ago - 5})` : null},
        now() - make_interval(days => ${row.ago}), now())`);
    return reportId;
  };
  const review = (
    reportId: string,
    r: {
      kind: string;
      who: string;
      result?: ReviewResult;
      score?: number;
      opinion: string;
      round?: number;
      ago: number;
    },
  ) =>
    tx.execute(sql`insert into quality_report_reviews (id, report_id, kind, reviewer_user_id, result, score, opinion, round, created_at)
      values (${newId()}, ${reportId}, ${r.kind}, ${id(r.who)}, ${r.result ?? null}, ${r.score ?? null}, ${r.opinion},
              ${r.round ?? 1}, now() - make_interval(days => ${r.ago}))`);
  const experts = (reportId: string, accounts: string[]) =>
    tx.execute(
      sql`insert into quality_report_experts (report_id, user_id) values ${sql.join(
        accounts.map((a) => sql`(${reportId}, ${id(a)})`),
        sql`, `,
      )}`,
    );
  const say = (
    reportId: string,
    who: string,
    content: string,
    ago: number,
    replyTo: string | null = null,
  ) => {
    const messageId = newId();
    return tx
      .execute(sql`insert into quality_report_discussions (id, report_id, user_id, content, reply_to_id, created_at)
        values (${messageId}, ${reportId}, ${id(who)}, ${content}, ${replyTo}, now() - make_interval(hours => ${ago}))`)
      .then(() => messageId);
  };
  const explains = (reportId: string, items: Array<[string, string]>) =>
    tx.execute(
      sql`insert into quality_report_explains (id, report_id, position, name, content) values ${sql.join(
        items.map(([name, content], i) => sql`(${newId()}, ${reportId}, ${i + 1}, ${name}, ${content})`),
        sql`, `,
      )}`,
    );

  // Last year's: reviewed by both experts and the school, sealed.
  const lastReviews = [
    { result: 'excellent' as const, score: 88 },
    { result: 'qualified' as const, score: 82 },
  ];
  const lastId = await report({
    name: `${last.name}汇总分析报告`,
    taskId: last.id,
    state: 'done',
    expert: expertOutcome(lastReviews)!,
    school: 'excellent',
    ago: 300,
  });
  await experts(lastId, ['zhuqing', 'youhai']);
  await explains(lastId, [
    ['主要成效', '专业群建设有序推进，毕业生就业率保持在95%以上。'],
    ['存在问题', '部分专业实训条件不足，双师型教师比例有待提高。'],
  ]);
  await review(lastId, {
    kind: 'expert',
    who: 'zhuqing',
    ...lastReviews[0]!,
    opinion: '数据翔实，改进措施具体可行。',
    ago: 290,
  });
  await review(lastId, {
    kind: 'expert',
    who: 'youhai',
    ...lastReviews[1]!,
    opinion: '建议加强预警处理的时效。',
    ago: 289,
  });
  await review(lastId, {
    kind: 'school',
    who: 'zhaoming',
    result: 'excellent',
    opinion: '同意专家意见，予以通过。',
    ago: 285,
  });

  // This year's: with the experts, who have started discussing it.
  const currentId = await report({
    name: `${current.name}汇总分析报告`,
    taskId: current.id,
    state: 'expertReview',
    ago: 6,
  });
  await experts(currentId, ['zhuqing', 'youhai']);
  await explains(currentId, [
    ['主要成效', '上年度未达标的质控点大多已整改，课程建设成效明显。'],
    ['下一步工作', '继续推进预警闭环处理，提升数据采集的及时性。'],
  ]);
  const question = await say(currentId, 'youhai', '预警处理率与上年相比有所下降，原因是什么？', 30);
  await say(currentId, 'sunhua', '主要是下半年新增的监测点较多，正在逐项跟进处理。', 26, question);

  // A major's report sent back for the self-diagnosis summary it lacks.
  if (majorTask) {
    const rejectedId = await report({
      name: `${majorTask.object_name}（${majorTask.task_name}）分析报告`,
      taskId: (
        await queryRows<{ task_id: string }>(
          tx,
          sql`select task_id from object_tasks where id = ${majorTask.object_task_id}`,
        )
      )[0]!.task_id,
      scope: 'objectTask',
      objectTaskId: majorTask.object_task_id,
      principal: majorTask.charger ?? publisher,
      state: 'rejected',
      round: 2,
      rejectReason: '缺少自我诊断总结，请补充后重新提交。',
      ago: 20,
    });
    await experts(rejectedId, ['qinshan']);
    await review(rejectedId, {
      kind: 'reject',
      who: 'qinshan',
      opinion: '缺少自我诊断总结，请补充后重新提交。',
      ago: 15,
    });
  }
  return { reports: majorTask ? 3 : 2 };
}

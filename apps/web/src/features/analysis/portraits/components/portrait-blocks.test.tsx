// @vitest-environment happy-dom
import { computeTaskFigures, PORTRAIT_GRADES, type PortraitData } from '@eduqa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../../shared/testing/dom.tsx';
import { DEFAULT_MEASURES } from '../measures.ts';
import { GradeTag } from './grade-tag.tsx';
import { PortraitBlocks } from './portrait-blocks.tsx';

// ECharts draws on a canvas happy-dom lacks; the option builders have their own tests.
vi.mock('../../../../shared/charts/lazy-chart.tsx', () => ({
  LazyChart: ({ option }: { option: unknown }) => <div data-chart={option ? 'drawn' : 'empty'} />,
}));

const base: PortraitData = {
  object: { id: 'o1', code: 'M1', name: '机电一体化技术', departmentName: '机电工程学院' },
  tasks: [],
  task: null,
  grade: 'unrated',
  summary: computeTaskFigures([]),
  grades: PORTRAIT_GRADES.map((grade) => ({ grade, count: 0 })),
  warningsByMonth: [],
  points: [],
  trend: [],
  warehouse: [],
};

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

describe('GradeTag', () => {
  it('labels the five grades 优秀, 良好, 合格, 不合格, 未评', async () => {
    const view = await render(
      <div>
        {PORTRAIT_GRADES.map((g) => (
          <GradeTag key={g} grade={g} />
        ))}
      </div>,
    );
    cleanup = view.unmount;
    expect([...view.container.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual([
      '优秀',
      '良好',
      '合格',
      '不合格',
      '未评',
    ]);
  });
});

describe('PortraitBlocks', () => {
  it('shows the empty placeholder for an object without a diagnosis task', async () => {
    const view = await render(<PortraitBlocks data={base} measures={new Set(DEFAULT_MEASURES)} />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('该对象还没有诊断数据');
    expect(view.container.querySelector('[data-chart]')).toBeNull();
  });

  it('draws the blocks of the measures granted, with the point table', async () => {
    const data: PortraitData = {
      ...base,
      task: { id: 't1', name: '2026专业诊断', period: '2026' },
      grade: 'good',
      summary: {
        ...base.summary,
        pointCount: 3,
        evaluatedCount: 2,
        reachedCount: 1,
        belowCount: 1,
        unfinishedCount: 1,
        reachedRate: 50,
        completionRate: 66.67,
      },
      grades: PORTRAIT_GRADES.map((grade) => ({
        grade,
        count: grade === 'good' ? 1 : grade === 'unqualified' ? 1 : 0,
      })),
      points: [
        {
          assignedPointId: 'a1',
          qualityPointId: 'q1',
          name: '就业率',
          indicator: '人才培养',
          dataType: 'percent',
          result: '82',
          target: '90',
          grade: 'D',
          resultSource: 'typed',
          below: true,
          unfinished: false,
          warnings: 1,
        },
      ],
    };
    const view = await render(
      <PortraitBlocks
        data={data}
        measures={
          new Set([
            'pointCount',
            'attainmentRate',
            'belowStandard',
            'pointTable',
            'gradeDistribution',
          ] as const)
        }
      />,
    );
    cleanup = view.unmount;
    const text = view.container.textContent ?? '';
    expect(text).toContain('质控点数');
    // 达标率 says what it is taken over: the 2 points with a result, not all 3.
    expect(text).toContain('达标率（已出结果 2 个）50.00%');
    expect(text).toContain('未达标 / 未完成1 / 1');
    expect(text).toContain('就业率');
    expect(text).toContain('未达标');
    // Values as the diagnosis table and the report show them: a percent point with its %.
    const cells = [...view.container.querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(cells).toContain('90%');
    expect(cells).toContain('82%');
    expect(text).not.toContain('月度预警');
    expect(
      [...view.container.querySelectorAll('[data-chart]')].map((c) => c.getAttribute('data-chart')),
    ).toEqual(['drawn']);
  });
});

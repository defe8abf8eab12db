import { PORTRAIT_GRADE_LABELS, type PortraitGrade } from '@eduqa/contract';
import { Tag } from 'antd';
import { PORTRAIT_GRADE_COLORS } from '../charts/portrait-charts.ts';

/** The overall grade of a portrait as a coloured tag: 优秀, 良好, 合格, 不合格 or 未评. */
export function GradeTag({ grade }: { grade: PortraitGrade }) {
  return (
    <Tag color={PORTRAIT_GRADE_COLORS[grade]} style={{ fontSize: 14, padding: '2px 10px' }}>
      {PORTRAIT_GRADE_LABELS[grade]}
    </Tag>
  );
}

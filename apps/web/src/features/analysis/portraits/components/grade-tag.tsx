import { PORTRAIT_GRADE_LABELS, type PortraitGrade } from '@eduqa/contract';
import { Tag } from 'antd';

/**
 * The pie's colours by name: a preset tag writes in the palette's darker shade, readable on its light
 * background, where a hex colour writes in the pie's own bright one.
 */
const GRADE_TAG_COLORS: Record<PortraitGrade, string> = {
  excellent: 'green',
  good: 'blue',
  qualified: 'gold',
  unqualified: 'red',
  unrated: 'default',
};

/** The overall grade of a portrait as a coloured tag: 优秀, 良好, 合格, 不合格 or 未评. */
export function GradeTag({ grade }: { grade: PortraitGrade }) {
  return (
    <Tag color={GRADE_TAG_COLORS[grade]} style={{ fontSize: 14, padding: '2px 10px' }}>
      {PORTRAIT_GRADE_LABELS[grade]}
    </Tag>
  );
}

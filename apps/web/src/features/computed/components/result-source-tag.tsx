import { RESULT_SOURCE_LABELS, type ResultSource } from '@eduqa/contract';
import { Tag } from 'antd';

/** One colour per source, wherever a value's source is shown: the lineage, the report's table, the portrait. */
export const SOURCE_COLORS: Record<ResultSource, string> = {
  typed: 'gold',
  collected: 'blue',
  revised: 'purple',
  none: 'default',
};

/** 结果来源 of a point's result (contract `result-source.ts`), as a tag. */
export function ResultSourceTag({ source }: { source: ResultSource }) {
  return <Tag color={SOURCE_COLORS[source]}>{RESULT_SOURCE_LABELS[source]}</Tag>;
}

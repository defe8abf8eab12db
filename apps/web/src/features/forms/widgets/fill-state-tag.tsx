import { FILL_STATE_LABELS, type FillState } from '@eduqa/contract';
import { Tag } from 'antd';

const COLORS: Record<FillState, string> = {
  uncommitted: 'default',
  unaudited: 'blue',
  rollback: 'red',
  finished: 'green',
};

export function FillStateTag({ state }: { state: FillState }) {
  return <Tag color={COLORS[state]}>{FILL_STATE_LABELS[state]}</Tag>;
}

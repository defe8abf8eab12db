import {
  DOUBLE_HIGH_RANGE_LABELS,
  DOUBLE_HIGH_RANGES,
  type DoubleHighRange,
  matchesSchoolName,
  type RivalTable,
} from '@eduqa/contract';
import { Select } from 'antd';
import { ListState } from '../../../../shared/ui/list-state.tsx';
import { rivalTableNotes } from '../charts/over-notes.ts';
import { OverNote } from './over-note.tsx';
import { type RivalPicks, TabHeader } from './rival-picks.tsx';
import { RivalTableView } from './rival-table.tsx';
import type { RivalAnalysis } from './use-rival-analysis.ts';

const NO_SCHOOL = '请先选择对标学校';

interface TabProps {
  analysis: RivalAnalysis;
  picks: RivalPicks;
}

/** The table's rows narrowed by the type's school name (the own school always stays). */
function narrowed<T extends RivalTable>(table: T, schoolName: string): T {
  const byCode = new Map(table.schools.map((s) => [s.code, s]));
  return {
    ...table,
    rows: table.rows.filter((r) => {
      const school = byCode.get(r.schoolCode);
      return !school || matchesSchoolName(school, schoolName);
    }),
  };
}

/** 竞争对手分析: each indicator's value and place among the chosen schools in one year. */
export function RivalTab({ analysis, picks }: TabProps) {
  const { rival } = analysis;
  const rivalEmpty = analysis.schools.length === 0 ? NO_SCHOOL : analysis.noIndicator;
  return (
    <>
      <TabHeader title="各指标数值与名次" isDemo={rival.data?.isDemo}>
        {picks.year('2')}
        {picks.name('2')}
        {picks.reset('2')}
      </TabHeader>
      <ListState
        isLoading={rival.isLoading}
        error={rival.error}
        isEmpty={rivalEmpty !== null}
        emptyText={rivalEmpty ?? undefined}
        onRetry={() => void rival.refetch()}
      >
        {rival.data ? (
          <>
            <RivalTableView table={narrowed(rival.data, analysis.nameOf('2'))} />
            <OverNote lines={rivalTableNotes(rival.data, '所选')} />
          </>
        ) : null}
      </ListState>
    </>
  );
}

/** 双高对标: the own school against the 双高计划 schools of the chosen range in one year. */
export function DoubleHighTab({ analysis, picks }: TabProps) {
  const { doubleHigh, noIndicator } = analysis;
  return (
    <>
      <TabHeader title="本校与双高计划学校" isDemo={doubleHigh.data?.isDemo}>
        <Select<DoubleHighRange>
          aria-label="双高档次"
          style={{ width: 240 }}
          value={analysis.range}
          onChange={(rankRange) => analysis.setInputs((now) => ({ ...now, rankRange }))}
          options={DOUBLE_HIGH_RANGES.map((r) => ({ value: r, label: DOUBLE_HIGH_RANGE_LABELS[r] }))}
        />
        {picks.year('6')}
        {picks.name('6')}
        {picks.reset('6')}
      </TabHeader>
      <ListState
        isLoading={doubleHigh.isLoading}
        error={doubleHigh.error}
        isEmpty={noIndicator !== null}
        emptyText={noIndicator ?? undefined}
        onRetry={() => void doubleHigh.refetch()}
      >
        {doubleHigh.data ? (
          <>
            <RivalTableView table={narrowed(doubleHigh.data, analysis.nameOf('6'))} />
            <OverNote lines={rivalTableNotes(doubleHigh.data, '该档双高学校')} />
          </>
        ) : null}
      </ListState>
    </>
  );
}

import { type AnalysisType, resetAnalysisType, setTypeInputs, type TypeWithYear } from '@eduqa/contract';
import { Button, Input, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DemoTag } from './demo-tag.tsx';
import { IndicatorSelect } from './indicator-select.tsx';
import type { RivalAnalysis } from './use-rival-analysis.ts';

/** A tab's header line: what it shows, the demo tag when the answer used the sample, and its own controls. */
export function TabHeader({
  title,
  isDemo,
  children,
}: {
  title: string;
  isDemo?: boolean;
  children?: ReactNode;
}) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <DemoTag isDemo={isDemo} />
      {children}
    </Space>
  );
}

/** The controls a tab header holds: the shown indicator, and each analysis type's year, school name and 重置. */
export function rivalPicks(analysis: RivalAnalysis) {
  const { setInputs } = analysis;
  return {
    indicator: (
      <IndicatorSelect
        indicators={analysis.indicators}
        only={analysis.indicatorIds}
        value={analysis.currentId}
        onChange={analysis.setCurrent}
      />
    ),
    year: (type: TypeWithYear) => (
      <Select
        aria-label="年份"
        style={{ width: 110 }}
        value={analysis.yearOf(type)}
        onChange={(year: number) => setInputs((now) => setTypeInputs(now, type, { year }))}
        options={[...analysis.yearChoices].reverse().map((y) => ({ value: y, label: `${y} 年` }))}
      />
    ),
    name: (type: TypeWithYear) => (
      <Input
        allowClear
        aria-label="学校名称"
        placeholder="学校名称"
        maxLength={60}
        style={{ width: 160 }}
        value={analysis.nameOf(type)}
        onChange={(event) => setInputs((now) => setTypeInputs(now, type, { schoolName: event.target.value }))}
      />
    ),
    reset: (type: AnalysisType) => (
      <Button onClick={() => setInputs((now) => resetAnalysisType(now, type))}>重置</Button>
    ),
  };
}

export type RivalPicks = ReturnType<typeof rivalPicks>;

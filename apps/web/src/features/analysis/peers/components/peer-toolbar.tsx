import { TeamOutlined } from '@ant-design/icons';
import type { PeerIndicator, PeerSchool } from '@eduqa/contract';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type YearRange, YearRangePicker } from '../../../../shared/ui/year-range-picker.tsx';
import { SchoolSelectModal } from '../../schools/index.ts';
import { useSchoolsWithData } from '../api.ts';
import { IndicatorMultiSelect } from './indicator-select.tsx';

/** The rival page chooses at least one and at most five schools (the journey picks five). */
export const RIVAL_SCHOOLS = { min: 1, max: 5 } as const;

/**
 * The analysis toolbar: the chosen schools (选择学校 opens the selection modal), the indicators by table and
 * the year range. The own school is always compared and needs no choosing.
 */
export function PeerToolbar({
  schools,
  onSchools,
  indicators,
  indicatorIds,
  onIndicators,
  years,
  onYears,
  showIndicators = true,
  dataIndicatorIds,
}: {
  schools: readonly PeerSchool[];
  onSchools: (schools: PeerSchool[]) => void;
  indicators: readonly PeerIndicator[];
  indicatorIds: readonly string[];
  onIndicators: (ids: string[]) => void;
  years: YearRange;
  onYears: (years: YearRange) => void;
  showIndicators?: boolean;
  /** The indicators whose values mark a school 有数据 in the picker; the chosen ones unless given. */
  dataIndicatorIds?: readonly string[];
}) {
  const [isPicking, setPicking] = useState(false);
  const dataIds = dataIndicatorIds ?? indicatorIds;
  const [startYear, endYear] = [years[0], years[1]];
  const hasYears = startYear !== null && endYear !== null && startYear <= endYear;
  const withData = useSchoolsWithData({
    indicatorIds: dataIds,
    startYear: startYear ?? 0,
    endYear: endYear ?? 0,
    enabled: isPicking && hasYears,
  });
  const chosen = schools.filter((s) => !s.isOwn);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
      <Space wrap>
        <Button icon={<TeamOutlined />} onClick={() => setPicking(true)}>
          选择学校
        </Button>
        {chosen.length === 0 ? (
          <Typography.Text type="secondary">尚未选择对标学校（本校总会列出）</Typography.Text>
        ) : (
          chosen.map((s) => (
            <Tag
              key={s.code}
              closable
              onClose={(event) => {
                event.preventDefault();
                onSchools(schools.filter((other) => other.code !== s.code));
              }}
            >
              {s.name}
            </Tag>
          ))
        )}
      </Space>
      <Space wrap>
        {showIndicators ? (
          <IndicatorMultiSelect indicators={indicators} value={indicatorIds} onChange={onIndicators} />
        ) : null}
        <YearRangePicker value={years} onChange={onYears} />
      </Space>
      <SchoolSelectModal
        open={isPicking}
        title="选择对标学校"
        value={chosen}
        min={RIVAL_SCHOOLS.min}
        max={RIVAL_SCHOOLS.max}
        withData={
          withData.data && hasYears
            ? {
                codes: withData.data,
                scope: `所选指标 ${startYear}–${endYear} 年有值`,
              }
            : undefined
        }
        onCancel={() => setPicking(false)}
        onOk={(picked) => {
          onSchools(picked.filter((s) => !s.isOwn));
          setPicking(false);
        }}
      />
    </Space>
  );
}

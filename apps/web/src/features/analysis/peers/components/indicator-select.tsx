import {
  MAX_ANALYSIS_INDICATORS,
  PEER_TABLE_KIND_LABELS,
  PEER_TABLE_KINDS,
  type PeerIndicator,
} from '@eduqa/contract';
import { Select } from 'antd';

/** The catalogue grouped by its five tables, for antd's Select. */
export function indicatorOptions(indicators: readonly PeerIndicator[]) {
  return PEER_TABLE_KINDS.map((kind) => ({
    label: PEER_TABLE_KIND_LABELS[kind],
    title: PEER_TABLE_KIND_LABELS[kind],
    options: indicators
      .filter((i) => i.tableKind === kind)
      .map((i) => ({ value: i.id, label: i.unit ? `${i.name}（${i.unit}）` : i.name })),
  })).filter((group) => group.options.length > 0);
}

/** Several indicators (at most 40), grouped by table; searchable by name. */
export function IndicatorMultiSelect({
  indicators,
  value,
  onChange,
  width = 360,
}: {
  indicators: readonly PeerIndicator[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  width?: number;
}) {
  return (
    <Select
      mode="multiple"
      aria-label="指标"
      placeholder="选择指标"
      style={{ minWidth: width, maxWidth: 640 }}
      maxTagCount="responsive"
      maxCount={MAX_ANALYSIS_INDICATORS}
      optionFilterProp="label"
      value={[...value]}
      onChange={onChange}
      options={indicatorOptions(indicators)}
    />
  );
}

/** One indicator, grouped by table; limited to `only` when given (the toolbar's choice). */
export function IndicatorSelect({
  indicators,
  value,
  onChange,
  only,
  width = 260,
}: {
  indicators: readonly PeerIndicator[];
  value: string | undefined;
  onChange: (id: string) => void;
  only?: readonly string[];
  width?: number;
}) {
  const shown = only ? indicators.filter((i) => only.includes(i.id)) : indicators;
  return (
    <Select
      showSearch
      aria-label="当前指标"
      placeholder="选择指标"
      style={{ width }}
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      options={indicatorOptions(shown)}
    />
  );
}

import { TABLE_EMPTY_TEXT, WARNING_STATES, type WarningRow, type WarningState } from '@eduqa/contract';
import { Card, Col, Input, Row, Segmented, Space, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  type FilterParsers,
  oneOf,
  textParam,
  useUrlFilters,
} from '../../../shared/routing/use-url-filters.ts';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { type DiagnosisScope, exportWarnGrid, fetchPoint, useWarnCount, useWarnGrid } from '../api.ts';
import { DisposeModal } from './dispose-modal.tsx';
import { warningColumns } from './warning-columns.tsx';

const STATE_OPTIONS: Array<{ value: WarningState; label: string }> = [
  { value: 'all', label: '全部' },
  { value: 'pending', label: '未处理' },
  { value: 'handled', label: '已处理' },
];

/** 预警次数, 已处理次数, 未处理次数 of a scope (queryWarnCount). */
export function WarnCounts({ scope }: { scope: DiagnosisScope }) {
  const counts = useWarnCount(scope);
  const items = [
    { key: 'all', title: '预警次数', value: counts.data?.all, color: undefined },
    { key: 'done', title: '已处理次数', value: counts.data?.handled, color: TEXT_COLORS.success },
    {
      key: 'open',
      title: '未处理次数',
      value: counts.data && counts.data.all - counts.data.handled,
      color: TEXT_COLORS.danger,
    },
  ];
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Col key={item.key} xs={24} sm={8}>
          <Card size="small" variant="outlined">
            <Statistic
              title={item.title}
              value={item.value ?? 0}
              loading={counts.isLoading}
              styles={{ content: item.color ? { color: item.color } : {} }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Opens the dispose dialog, first asking the point whether the caller charges it when that is unknown. */
function useStartDispose(canDispose: boolean | undefined, show: (row: WarningRow) => void) {
  const [checking, setChecking] = useState<string | null>(null);

  /** Only the point's charger handles its warnings: across objects, ask the point before offering the dialog. */
  const startDispose = async (row: WarningRow) => {
    if (canDispose === undefined) {
      setChecking(row.assignedPointId);
      try {
        const point = await fetchPoint(row.assignedPointId);
        if (!point.isEdit) {
          notify.warning('只有该质控点的负责人可以处理预警');
          return;
        }
      } catch {
        return;
      } finally {
        setChecking(null);
      }
    }
    show(row);
  };
  return { checking, startDispose };
}

/**
 * 预警表 (spec 2 §2.3): per point its warning value, the latest cause and measure, how often it warned
 * and was handled, and by whom; a pending warning can be handled from here. Across tasks (the warning
 * centre) the task and object columns say where each point belongs.
 */
export function WarningTable({
  scope,
  acrossTasks = false,
  canDispose,
  onOpen,
}: {
  scope: DiagnosisScope;
  acrossTasks?: boolean;
  /** Whether the caller charges every row (an object task's page); unknown across objects. */
  canDispose?: boolean;
  onOpen: (pointId: string) => void;
}) {
  const [pageNum, setPageNum] = useState(1);
  const [{ keyword, state, mine }, setFilters] = useWarningFilters(acrossTasks);
  const grid = useWarnGrid({
    ...scope,
    ...(keyword ? { keyword } : {}),
    state,
    ...(mine ? { mine } : {}),
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const dispose = useDialog<WarningRow>();
  const { checking, startDispose } = useStartDispose(canDispose, dispose.show);

  const columns = warningColumns({ acrossTasks, canDispose, checking, onOpen, onDispose: startDispose });

  return (
    <>
      <WarnCounts scope={scope} />
      <WarningFilters
        filters={{ keyword, state, mine }}
        onExport={() =>
          exportWarnGrid({ ...scope, ...(keyword ? { keyword } : {}), state, ...(mine ? { mine } : {}) })
        }
        onChange={(patch) => {
          setFilters(patch);
          setPageNum(1);
        }}
      />
      <Table<WarningRow>
        rowKey="assignedPointId"
        size="middle"
        columns={columns}
        dataSource={grid.data?.records ?? []}
        loading={grid.isFetching}
        scroll={{ x: columnsWidth(columns) }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        pagination={{
          ...PAGINATION_WITH_WORDS,
          current: pageNum,
          total: grid.data?.total ?? 0,
          onChange: setPageNum,
        }}
      />
      <DisposeModal
        open={dispose.open}
        warningId={dispose.target?.latestOpenWarningId ?? null}
        title={`处理预警 - ${dispose.target?.pointName ?? ''}`}
        onClose={dispose.hide}
      />
    </>
  );
}

interface WarningFilterValues {
  keyword: string | undefined;
  state: WarningState;
  /** Only the points the caller charges: the home page's 待处理预警 (the charger's to-do). */
  mine: boolean;
}
const WARNING_FILTERS: FilterParsers<WarningFilterValues> = {
  keyword: textParam(),
  state: oneOf(WARNING_STATES),
  mine: (raw) => (raw === 'true' ? true : undefined),
};
const NO_WARNING_FILTER: WarningFilterValues = { keyword: undefined, state: 'all', mine: false };

/**
 * The grid's filters: in the address for the warning centre (the home page links to it filtered), in the
 * component for an object task's grid, whose page has its own address.
 */
function useWarningFilters(inAddress: boolean) {
  const [local, setLocal] = useState(NO_WARNING_FILTER);
  const [addressed, setAddressed] = useUrlFilters(WARNING_FILTERS, NO_WARNING_FILTER);
  if (inAddress) return [addressed, setAddressed] as const;
  const setFilters = (patch: Partial<WarningFilterValues>) => setLocal((now) => ({ ...now, ...patch }));
  return [local, setFilters] as const;
}

interface WarningFiltersProps {
  filters: WarningFilterValues;
  onExport: () => Promise<void>;
  onChange: (patch: Partial<WarningFilterValues>) => void;
}

/** The point name search, 全部/未处理/已处理, (when asked for) only the caller's points, and 导出 of what they select. */
function WarningFilters({ filters, onExport, onChange }: WarningFiltersProps) {
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <Input.Search
        placeholder="请输入质控点名称"
        allowClear
        maxLength={60}
        defaultValue={filters.keyword}
        style={{ width: 240 }}
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
      />
      <Segmented<WarningState>
        options={STATE_OPTIONS}
        value={filters.state}
        onChange={(state) => onChange({ state })}
      />
      {filters.mine ? (
        <Tag closable color="blue" onClose={() => onChange({ mine: false })}>
          我负责的质控点
        </Tag>
      ) : null}
      <ExportButton onExport={onExport} />
    </Space>
  );
}

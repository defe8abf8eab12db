import { OBJECT_LEVEL_LABELS, OBJECT_LEVELS, type ObjectLevel, type QualityPoint } from '@eduqa/contract';
import { Card, Select } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deletePoints, useRefreshStandards } from '../api.ts';
import { isLeaf, nodeActions, pathText } from '../indicator-tree.ts';
import type { IndicatorSelection } from '../use-indicator-selection.ts';
import { IndicatorImportModal } from './indicator-import-modal.tsx';
import { pointColumns } from './point-columns.tsx';
import { PointFormDrawer } from './point-form-drawer.tsx';
import { PointToolbar } from './point-toolbar.tsx';

/** Why a point cannot be added where the user stands, or undefined when it can. */
function addPointBlockedOf({ category, selected }: IndicatorSelection): string | undefined {
  if (!category) return '请先新增指标分类';
  if (!selected) return '请先在左侧选择末级指标';
  return nodeActions(selected).addPointBlocked ?? undefined;
}

/** The points of the picked category or indicator, with their drawer, the Excel actions and the import. */
export function PointListCard({
  selection,
  canManage,
}: {
  selection: IndicatorSelection;
  canManage: boolean;
}) {
  const { category, selected, filters, filterPoints, points, pageNum, setPageNum } = selection;
  const refresh = useRefreshStandards();
  const pointDialog = useDialog<QualityPoint>();
  const [isImportOpen, setImportOpen] = useState(false);
  const [isReadOnlyPoint, setReadOnlyPoint] = useState(false);
  const leaf = selected && isLeaf(selected.node) ? selected.node : null;

  const openPoint = (point: QualityPoint | null, readOnly: boolean) => {
    setReadOnlyPoint(readOnly);
    pointDialog.show(point);
  };
  const deletePoint = async (point: QualityPoint) => {
    try {
      await deletePoints([point.id]);
    } catch {
      return;
    }
    notify.success(`已删除质控点「${point.name}」`);
    await refresh();
  };

  return (
    <Card
      variant="borderless"
      title={selected ? pathText(selected.path) : category ? `「${category.name}」全部质控点` : '质控点'}
      extra={
        <PointToolbar
          canManage={canManage}
          addBlocked={addPointBlockedOf(selection)}
          onAdd={() => openPoint(null, false)}
          onImport={() => setImportOpen(true)}
        />
      }
    >
      <PagedTable<QualityPoint>
        search={{
          placeholder: '请输入质控点名称',
          onSearch: (keyword) => filterPoints({ keyword: keyword || undefined }),
        }}
        filters={
          <Select<ObjectLevel>
            aria-label="层级"
            placeholder="全部层级"
            allowClear
            style={{ width: 140 }}
            options={OBJECT_LEVELS.map((value) => ({ value, label: OBJECT_LEVEL_LABELS[value] }))}
            value={filters.level}
            onChange={(level?: ObjectLevel) => filterPoints({ level })}
          />
        }
        rowKey="id"
        columns={pointColumns({ canManage, onOpen: openPoint, onDelete: deletePoint })}
        rows={category ? (points.data?.records ?? []) : []}
        isLoading={points.isFetching}
        serverPage={{ current: pageNum, total: points.data?.total ?? 0, onChange: setPageNum }}
      />
      <PointFormDrawer
        open={pointDialog.open}
        point={pointDialog.target}
        indicator={leaf ? { id: leaf.id, name: leaf.name } : null}
        level={category?.level ?? 'school'}
        readOnly={isReadOnlyPoint}
        onClose={pointDialog.hide}
      />
      <IndicatorImportModal open={isImportOpen} onClose={() => setImportOpen(false)} />
    </Card>
  );
}

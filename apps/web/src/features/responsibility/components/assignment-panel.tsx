import type { ResponsibilityCategory } from '@eduqa/contract';
import { Alert, Button, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { responsibilityKeys, saveResponsibilities, useResponsibilityTree } from '../api.ts';
import {
  type Assignment,
  assign,
  assignmentOf,
  changedItems,
  sharedDepartments,
  type TreeRow,
  treeRows,
} from '../responsibility-draft.ts';
import { DepartmentsSelect } from './departments-select.tsx';

const NO_CHANGES_REASON = '还没有修改';

/**
 * 职责分配: one category's indicators → points, each point with its departments. An indicator's selector
 * sets every point below it. Edits stay on screen until 保存, which sends the changed points only.
 */
export function AssignmentPanel() {
  const tree = useResponsibilityTree();
  const categories = tree.data ?? [];
  const [categoryId, setCategoryId] = useState<string>();
  const category = categories.find((c) => c.id === categoryId) ?? categories[0];
  const stored = useMemo(() => assignmentOf(tree.data ?? []), [tree.data]);
  const [edits, setEdits] = useState<Assignment | null>(null);
  const draft = edits ?? stored;
  const changes = changedItems(stored, draft);
  const run = useAction(responsibilityKeys.all);

  const save = async () => {
    if (!changes) return;
    const isSaved = await run(
      () => saveResponsibilities(changes),
      (a) => `已保存${a.points}个质控点的负责部门`,
    );
    if (isSaved) setEdits(null);
  };

  return (
    <ListState
      isLoading={tree.isLoading}
      error={tree.error}
      isEmpty={categories.length === 0}
      onRetry={() => void tree.refetch()}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 240 }}
          aria-label="指标分类"
          value={category?.id}
          onChange={setCategoryId}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
        />
        <Tooltip title={changes ? undefined : NO_CHANGES_REASON}>
          <Button type="primary" disabled={!changes} onClick={() => void save()}>
            保存
          </Button>
        </Tooltip>
        <Tooltip title={changes ? undefined : NO_CHANGES_REASON}>
          <Button disabled={!changes} onClick={() => setEdits(null)}>
            撤销修改
          </Button>
        </Tooltip>
        {changes ? <Tag color="orange">{`${changes.length}个质控点待保存`}</Tag> : null}
      </Space>
      {category ? (
        <CategoryTable
          category={category}
          draft={draft}
          onChange={(ids, deps) => setEdits(assign(draft, ids, deps))}
        />
      ) : null}
      <Alert
        style={{ marginTop: 16 }}
        type="info"
        showIcon
        message="在指标行选择部门会设置其下全部质控点；保存后可在“版本管理”中另存为版本。"
      />
    </ListState>
  );
}

function CategoryTable({
  category,
  draft,
  onChange,
}: {
  category: ResponsibilityCategory;
  draft: Assignment;
  onChange: (pointIds: readonly string[], departmentIds: string[]) => void;
}) {
  const rows = useMemo(() => treeRows(category), [category]);
  const columns: TableColumnsType<TreeRow> = [
    {
      title: '指标 / 质控点',
      dataIndex: 'name',
      render: (name: string, row) => (row.kind === 'point' ? <span>{name}</span> : <strong>{name}</strong>),
    },
    {
      title: '负责部门',
      key: 'departments',
      width: '50%',
      render: (_, row) =>
        row.pointIds.length === 0 ? (
          <span style={{ color: TEXT_COLORS.muted }}>暂无质控点</span>
        ) : (
          <DepartmentsSelect
            ariaLabel={`「${row.name}」的负责部门`}
            placeholder={row.kind === 'indicator' ? '为其下全部质控点选择部门' : '请选择负责部门'}
            value={row.kind === 'point' ? (draft.get(row.id) ?? []) : sharedDepartments(draft, row.pointIds)}
            onChange={(ids) => onChange(row.pointIds, ids)}
          />
        ),
    },
  ];
  return (
    <Table<TreeRow>
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={rows}
      pagination={false}
      expandable={{ defaultExpandAllRows: true }}
      locale={{ emptyText: '暂无数据' }}
    />
  );
}

import { createHash } from 'node:crypto';
import type {
  Algorithm,
  AlgorithmFolder,
  AlgorithmGroup,
  AlgorithmStatus,
  AlgorithmType,
} from '@eduqa/contract';
import type { AlgorithmView, FolderRow, GroupView } from './algorithms.repo.ts';

/** Rows → the contract's shapes, and the messages the algorithm services share. */
export const GROUP_NOT_FOUND = '算法组不存在';
export const FOLDER_NOT_FOUND = '算法目录不存在';
export const VERSION_NOT_FOUND = '算法版本不存在';

export const sqlHashOf = (text: string) => createHash('sha256').update(text).digest('hex');

export const algorithmOf = (view: AlgorithmView): Algorithm => ({
  id: view.algorithm.id,
  groupId: view.algorithm.groupId,
  type: view.algorithm.type as AlgorithmType,
  version: view.algorithm.version,
  sql: view.algorithm.sql,
  sqlHash: view.algorithm.sqlHash,
  parameters: view.algorithm.parameters,
  status: view.algorithm.status as AlgorithmStatus,
  remark: view.algorithm.remark,
  createdByName: view.createdByName,
  createdAt: view.algorithm.createdAt,
  publishedByName: view.publishedByName,
  publishedAt: view.algorithm.publishedAt,
});

export const groupOf = (view: GroupView, pointIds: string[]): AlgorithmGroup => ({
  id: view.group.id,
  folderId: view.group.folderId,
  name: view.group.name,
  description: view.group.description,
  dataSourceId: view.group.dataSourceId,
  dataSourceName: view.dataSourceName,
  pointIds,
  currentResultVersion: view.group.currentResultVersion,
  currentDetailVersion: view.group.currentDetailVersion,
  createdByName: view.createdByName,
  createdAt: view.group.createdAt,
  updatedAt: view.group.updatedAt,
});

/** Folder rows → the tree, with each folder's own group count. */
export function buildTree(rows: FolderRow[], counts: Map<string, number>): AlgorithmFolder[] {
  const nodes = new Map<string, AlgorithmFolder>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        sort: row.sort,
        groupCount: counts.get(row.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: AlgorithmFolder[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** A folder and every folder below it. */
export function subtreeIds(rows: FolderRow[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i += 1) {
    for (const row of rows) if (row.parentId === ids[i]) ids.push(row.id);
  }
  return ids;
}

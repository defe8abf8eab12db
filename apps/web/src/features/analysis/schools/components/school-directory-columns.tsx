import type { SchoolDirectoryEntry } from '@eduqa/contract';
import { type TableColumnsType, Tag } from 'antd';
import type { RunAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { setOwnSchool } from '../api.ts';

const SOURCE_LABELS: Record<SchoolDirectoryEntry['source'], string> = {
  moe: '教育部名单',
  import: '管理员导入',
  own: '本校（名单外）',
};

/** 高校名录's columns: the own school tagged 本校, every other one can be made it. */
export function schoolDirectoryColumns(run: RunAction): TableColumnsType<SchoolDirectoryEntry> {
  return [
    { title: '学校标识码', dataIndex: 'code', width: 130 },
    {
      title: '学校名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, school) => (
        <>
          {name}
          {school.isOwn ? (
            <Tag color="gold" style={{ marginInlineStart: 6 }}>
              本校
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: '所在地', dataIndex: 'province', width: 140 },
    { title: '城市', dataIndex: 'city', width: 120 },
    { title: '办学层次', dataIndex: 'level', width: 90 },
    { title: '办学性质', dataIndex: 'nature', width: 90 },
    { title: '主管部门', dataIndex: 'authority', width: 150, ellipsis: true },
    {
      title: '来源',
      dataIndex: 'source',
      width: 110,
      render: (source: SchoolDirectoryEntry['source']) => SOURCE_LABELS[source],
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, school: SchoolDirectoryEntry) =>
        school.isOwn ? null : (
          <ConfirmLink
            title={`确定将「${school.name}」设为本校吗？各项对比将以它为本校突出显示。`}
            okText="设为本校"
            onConfirm={() => run(() => setOwnSchool(school.code), `已将「${school.name}」设为本校`)}
          >
            设为本校
          </ConfirmLink>
        ),
    },
  ];
}

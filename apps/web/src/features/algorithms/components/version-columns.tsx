import {
  ALGORITHM_STATUS_LABELS,
  ALGORITHM_TYPE_LABELS,
  type Algorithm,
  type AlgorithmGroup,
  type AlgorithmType,
} from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { deleteVersion, publishVersion, setCurrentVersion } from '../api.ts';

const when = (date: Date | null) => (date ? dayjs(date).format('YYYY-MM-DD HH:mm:ss') : '—');

interface VersionColumnsContext {
  group: AlgorithmGroup;
  type: AlgorithmType;
  /** The group's current version of this type. */
  current: number | null;
  run: RunAction;
  onPick: (version: Algorithm | null) => void;
}

/** The version list's columns: 编辑/查看 opens a version, then 发布, 设为当前 and 删除 as its status allows. */
export function versionColumns(ctx: VersionColumnsContext): TableColumnsType<Algorithm> {
  const { current, run } = ctx;
  return [
    {
      title: '版本',
      dataIndex: 'version',
      width: 90,
      render: (v: number) => (
        <Space size={4}>
          {`V${v}`}
          {v === current ? <Tag color="green">当前</Tag> : null}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: Algorithm['status']) => (
        <Tag color={status === 'published' ? 'blue' : 'default'}>{ALGORITHM_STATUS_LABELS[status]}</Tag>
      ),
    },
    {
      title: '修改人',
      key: 'by',
      width: 90,
      render: (_, v) => (v.publishedAt ? v.publishedByName : v.createdByName) || '—',
    },
    { title: '修改时间', key: 'at', width: 170, render: (_, v) => when(v.publishedAt ?? v.createdAt) },
    {
      title: '操作',
      key: 'actions',
      render: (_, v) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => ctx.onPick(v)}>
            {v.status === 'draft' ? '编辑' : '查看'}
          </Button>
          {v.status === 'draft' ? (
            <ConfirmLink
              title={`确定发布版本 V${v.version} 吗？`}
              description="发布后不能再修改；修改会生成新版本。发布不会切换当前版本。"
              okText="发布"
              onConfirm={() => run(() => publishVersion(v.id), `版本 V${v.version} 已发布`)}
            >
              发布
            </ConfirmLink>
          ) : null}
          {v.status === 'published' && v.version !== current ? (
            <ConfirmLink
              title={`确定把 V${v.version} 设为当前${ALGORITHM_TYPE_LABELS[ctx.type]}吗？`}
              description="之后的采集和详细数据都使用这个版本；已有结果在重新采集前不变。"
              okText="设为当前"
              onConfirm={() =>
                run(() => setCurrentVersion(ctx.group, ctx.type, v.version), `当前版本已切换为 V${v.version}`)
              }
            >
              设为当前
            </ConfirmLink>
          ) : null}
          {v.status === 'draft' ? (
            <ConfirmLink
              title={`确定删除草稿 V${v.version} 吗？`}
              okText="删除"
              isDanger
              onConfirm={async () => {
                if (await run(() => deleteVersion(v.id), '草稿已删除')) ctx.onPick(null);
              }}
            >
              删除
            </ConfirmLink>
          ) : null}
        </Space>
      ),
    },
  ];
}

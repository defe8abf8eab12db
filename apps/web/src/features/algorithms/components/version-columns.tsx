import {
  ALGORITHM_STATUS_LABELS,
  ALGORITHM_TYPE_LABELS,
  type Algorithm,
  type AlgorithmGroup,
  type AlgorithmType,
} from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { formatSchoolTime } from '../../../shared/time/school-time.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { showDialog } from '../../../shared/ui/feedback.tsx';
import { deleteVersion, publishVersion, setCurrentVersion } from '../api.ts';

interface VersionColumnsContext {
  group: AlgorithmGroup;
  type: AlgorithmType;
  /** The group's current version of this type. */
  current: number | null;
  run: RunAction;
  onPick: (version: Algorithm | null) => void;
}

/**
 * Publishing: a group without a current version takes the first one published (the server does so, as
 * nothing could be collected otherwise); a later one is offered as the current version, not switched to.
 */
async function publish(ctx: VersionColumnsContext, v: Algorithm) {
  const isFirst = ctx.current === null;
  const done = isFirst ? `版本 V${v.version} 已发布，并已设为当前版本` : `版本 V${v.version} 已发布`;
  if (!(await ctx.run(() => publishVersion(v.id), done)) || isFirst) return;
  showDialog('confirm', {
    title: '设为当前版本？',
    content: `V${v.version} 已发布，当前${ALGORITHM_TYPE_LABELS[ctx.type]}仍是 V${ctx.current}。设为当前后，之后的采集和详细数据都使用 V${v.version}；已有结果在重新采集前不变。`,
    okText: '设为当前',
    cancelText: '暂不',
    onOk: () =>
      ctx.run(() => setCurrentVersion(ctx.group, ctx.type, v.version), `当前版本已切换为 V${v.version}`),
  });
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
    {
      title: '修改时间',
      key: 'at',
      width: 170,
      render: (_, v) => formatSchoolTime(v.publishedAt ?? v.createdAt),
    },
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
              description={
                current === null
                  ? '发布后不能再修改。该组还没有当前版本，发布后即设为当前版本。'
                  : '发布后不能再修改；修改会生成新版本。发布后会询问是否设为当前版本。'
              }
              okText="发布"
              onConfirm={() => publish(ctx, v)}
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

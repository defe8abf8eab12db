import {
  PORTRAIT_KIND_LABELS,
  PORTRAIT_MEASURE_LABELS,
  PORTRAIT_SUBJECT_LABELS,
  type Portrait,
  type PortraitKind,
  SCREEN_LAYOUT_LABELS,
} from '@eduqa/contract';
import { Button, Space, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { deletePortrait, portraitKeys, usePortraitEntries } from '../api.ts';
import { PortraitFormModal } from '../components/portrait-form-modal.tsx';

/** 智能分析 › 画像设置 (analysis.manage): the cards, menus and screens per subject and the roles granted each. */
export default function PortraitSettingsPage() {
  const [kind, setKind] = useState<PortraitKind>('menu');
  const entries = usePortraitEntries(kind);
  const menus = usePortraitEntries('menu');
  const dialog = useDialog<Portrait>();
  const run = useAction(portraitKeys.all);
  const menuName = new Map((menus.data ?? []).map((m) => [m.id, m.name]));

  const columns: TableColumnsType<Portrait> = [
    { title: '名称', dataIndex: 'name', ellipsis: true },
    {
      title: '画像对象',
      dataIndex: 'subject',
      width: 110,
      render: (s: Portrait['subject']) => PORTRAIT_SUBJECT_LABELS[s],
    },
    ...(kind !== 'screen'
      ? [
          {
            title: '上级菜单',
            dataIndex: 'parentId',
            width: 140,
            render: (id: string | null) => (id ? (menuName.get(id) ?? '—') : '—'),
          },
        ]
      : []),
    ...(kind === 'card'
      ? [
          {
            title: '展示指标',
            key: 'measures',
            render: (_: unknown, p: Portrait) =>
              p.config.measures.map((m) => PORTRAIT_MEASURE_LABELS[m]).join('、'),
          },
        ]
      : []),
    ...(kind === 'screen'
      ? [
          {
            title: '大屏布局',
            key: 'layout',
            width: 140,
            render: (_: unknown, p: Portrait) =>
              p.config.layout ? SCREEN_LAYOUT_LABELS[p.config.layout] : '—',
          },
        ]
      : []),
    {
      title: '授权角色',
      dataIndex: 'roleNames',
      render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : '—'),
    },
    { title: '排序', dataIndex: 'sortOrder', width: 70 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, entry) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => dialog.show(entry)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除${PORTRAIT_KIND_LABELS[entry.kind]}「${entry.name}」吗？`}
            okText="删除"
            isDanger
            onConfirm={async () => {
              await run(() => deletePortrait(entry.id), '删除成功');
            }}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <PageCard
      title="画像设置"
      add={{ label: `新增${PORTRAIT_KIND_LABELS[kind]}`, onClick: () => dialog.show() }}
    >
      <Tabs
        activeKey={kind}
        onChange={(key) => setKind(key as PortraitKind)}
        items={(['menu', 'card', 'screen'] as const).map((k) => ({ key: k, label: PORTRAIT_KIND_LABELS[k] }))}
      />
      <Table<Portrait>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={entries.data ?? []}
        loading={entries.isFetching}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
      />
      <PortraitFormModal
        key={`${kind}-${dialog.target?.id ?? 'new'}`}
        open={dialog.open}
        kind={kind}
        entry={dialog.target}
        menus={menus.data ?? []}
        onClose={dialog.hide}
      />
    </PageCard>
  );
}

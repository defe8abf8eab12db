import { DeleteOutlined } from '@ant-design/icons';
import {
  FORM_AUDIT_LABELS,
  FORM_PUBLISH_LABELS,
  FORM_PUBLISH_STATES,
  FORM_TYPE_LABELS,
  type Form,
  type FormPublishState,
  LAYOUT_MODE_LABELS,
} from '@eduqa/contract';
import { Button, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { auditForm, deleteForm, formsKeys, publishForm, useForms } from '../api.ts';
import { DirectoryPanel } from '../widgets/directory-panel.tsx';
import { FormCreateModal } from '../widgets/form-create-modal.tsx';
import { PublicLinksModal } from '../widgets/public-links-modal.tsx';

const PUBLISH_FILTER = FORM_PUBLISH_STATES.map((s) => ({ value: s, label: FORM_PUBLISH_LABELS[s] }));
const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** 数据采集 › 表单管理: directories on the left, their forms on the right, with design and publishing. */
export function FormsPage() {
  const [directoryId, setDirectoryId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [publishState, setPublishState] = useState<FormPublishState | undefined>();
  const [isCreating, setCreating] = useState(false);
  const [linksOf, setLinksOf] = useState<Form | null>(null);
  const { list, page } = useForms({
    keyword: keyword || undefined,
    directoryId: directoryId ?? undefined,
    publishState,
  });
  const run = useAction(formsKeys.all);
  const navigate = useNavigate();

  const columns: TableColumnsType<Form> = [
    { title: '表单名称', dataIndex: 'name', width: 200, ellipsis: true },
    {
      title: '目录',
      dataIndex: 'directoryName',
      width: 120,
      ellipsis: true,
      render: (n: string) => n || '—',
    },
    {
      title: '类型 / 布局',
      key: 'type',
      width: 130,
      render: (_, f) => `${FORM_TYPE_LABELS[f.formType]} / ${LAYOUT_MODE_LABELS[f.layout]}`,
    },
    {
      title: '版本',
      key: 'version',
      width: 110,
      render: (_, f) =>
        f.publishedVersion === null || f.publishedVersion === f.version
          ? `第${f.version}版`
          : `第${f.version}版（已发布第${f.publishedVersion}版）`,
    },
    {
      title: '状态',
      key: 'state',
      width: 150,
      render: (_, f) => (
        <Space size={4}>
          <Tag color={f.publishState === 'published' ? 'green' : 'default'}>
            {FORM_PUBLISH_LABELS[f.publishState]}
          </Tag>
          {f.publishedVersion !== null ? (
            <Tag color={f.auditState === 'audited' ? 'blue' : 'orange'}>
              {FORM_AUDIT_LABELS[f.auditState]}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: '修改时间', dataIndex: 'updatedAt', width: 170, render: time },
    {
      title: '操作',
      key: 'actions',
      width: 290,
      fixed: 'right',
      render: (_, f) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => navigate(f.id)}>
            设计
          </Button>
          <ConfirmLink
            title={`确定发布表单「${f.name}」吗？`}
            description="发布后按设计创建或更新数据仓库中的数据表，填报使用新版本。"
            okText="发布"
            disabledReason={f.publishState === 'published' ? '当前版本已发布' : undefined}
            onConfirm={() => run(() => publishForm(f.id), '表单已发布')}
          >
            发布
          </ConfirmLink>
          <ConfirmLink
            title={`确定审核通过表单「${f.name}」吗？`}
            okText="审核通过"
            disabledReason={
              f.publishedVersion === null ? '表单尚未发布' : f.auditState === 'audited' ? '已审核' : undefined
            }
            onConfirm={() => run(() => auditForm(f.id), '表单已审核')}
          >
            审核
          </ConfirmLink>
          <Button
            type="link"
            size="small"
            disabled={f.publishedVersion === null}
            title={f.publishedVersion === null ? '发布后才能创建公开链接' : undefined}
            onClick={() => setLinksOf(f)}
          >
            公开链接
          </Button>
          <ConfirmLink
            title={`确定删除表单「${f.name}」吗？`}
            description="表单及其数据表将移入回收站，可恢复。"
            okText="删除"
            isDanger
            onConfirm={() => run(() => deleteForm(f.id), '表单已移入回收站')}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <PageCard
      title="表单管理"
      add={{ label: '新建表单', onClick: () => setCreating(true) }}
      actions={
        <Button icon={<DeleteOutlined />} onClick={() => navigate('recycle')}>
          回收站
        </Button>
      }
    >
      <div style={{ display: 'flex', gap: 24 }}>
        <DirectoryPanel selectedId={directoryId} onSelect={setDirectoryId} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <PagedTable<Form>
            search={{ placeholder: '请输入表单名称', onSearch: setKeyword }}
            filters={
              <Select
                allowClear
                placeholder="全部状态"
                style={{ width: 140 }}
                options={PUBLISH_FILTER}
                value={publishState}
                onChange={setPublishState}
              />
            }
            rowKey="id"
            columns={columns}
            rows={list.data?.records ?? []}
            isLoading={list.isFetching}
            serverPage={page}
            scrollX={columnsWidth(columns)}
          />
        </div>
      </div>
      <FormCreateModal open={isCreating} directoryId={directoryId} onClose={() => setCreating(false)} />
      <PublicLinksModal form={linksOf} onClose={() => setLinksOf(null)} />
    </PageCard>
  );
}

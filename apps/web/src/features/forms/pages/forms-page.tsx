import { DeleteOutlined } from '@ant-design/icons';
import { FORM_PUBLISH_LABELS, FORM_PUBLISH_STATES, type Form, type FormPublishState } from '@eduqa/contract';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { formsKeys, useForms } from '../api.ts';
import { DirectoryPanel } from '../widgets/directory-panel.tsx';
import { formColumns } from '../widgets/form-columns.tsx';
import { FormCreateModal } from '../widgets/form-create-modal.tsx';
import { PublicLinksModal } from '../widgets/public-links-modal.tsx';

const PUBLISH_FILTER = FORM_PUBLISH_STATES.map((s) => ({ value: s, label: FORM_PUBLISH_LABELS[s] }));

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

  const columns = formColumns({ run, onDesign: (f) => navigate(f.id), onLinks: setLinksOf });

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
                aria-label="状态"
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

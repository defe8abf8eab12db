import { BankOutlined, DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import type { SchoolDirectoryEntry } from '@eduqa/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { downloadSchoolTemplate, schoolKeys, setOwnSchool, useOwnSchool, useSchoolOptions } from '../api.ts';
import { schoolDirectoryColumns } from '../components/school-directory-columns.tsx';
import { schoolDirectoryFilters } from '../components/school-directory-filters.tsx';
import { SchoolImportModal } from '../components/school-import-modal.tsx';
import { SchoolSelectModal } from '../components/school-select-modal.tsx';
import { useSchoolDirectory } from '../components/use-school-directory.ts';

async function saveTemplate() {
  try {
    await downloadSchoolTemplate();
  } catch {
    // the client has shown the message
  }
}

/**
 * 高校名录 (智能分析维护): the national list as loaded or imported, searched and filtered on the server;
 * which school is ours; a newer list imported from Excel as a job.
 */
export default function SchoolDirectoryPage() {
  const [isImportOpen, setImportOpen] = useState(false);
  const [isPickOpen, setPickOpen] = useState(false);
  const options = useSchoolOptions();
  const own = useOwnSchool();
  const directory = useSchoolDirectory();
  const { page, pageNum } = directory;
  const run = useAction(schoolKeys.all);

  return (
    <PageCard
      title="高校名录"
      actions={
        <>
          <Button icon={<BankOutlined />} onClick={() => setPickOpen(true)}>
            选择本校
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void saveTemplate()}>
            下载模板
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
            导入
          </Button>
        </>
      }
    >
      <Alert
        style={{ marginBottom: 12 }}
        type={own.data ? 'info' : 'warning'}
        showIcon
        message={
          own.data
            ? `本校：${own.data.name}（${own.data.province}，${own.data.level}，${own.data.nature}）`
            : '尚未设置本校：请在下表中找到本校并“设为本校”，各项对比将以它为本校突出显示。'
        }
      />
      <PagedTable<SchoolDirectoryEntry>
        search={{ placeholder: '请输入学校名称', onSearch: directory.onKeyword }}
        filters={schoolDirectoryFilters(directory, options.data?.provinces ?? [])}
        rowKey="code"
        columns={schoolDirectoryColumns(run)}
        rows={page.data?.records ?? []}
        isLoading={page.isFetching}
        serverPage={{ current: pageNum, total: page.data?.total ?? 0, onChange: directory.setPageNum }}
      />
      <SchoolSelectModal
        open={isPickOpen}
        title="选择本校"
        value={own.data ? [own.data] : []}
        min={1}
        max={1}
        onCancel={() => setPickOpen(false)}
        onOk={async ([school]) => {
          if (school && (await run(() => setOwnSchool(school.code), `已将「${school.name}」设为本校`)))
            setPickOpen(false);
        }}
      />
      <SchoolImportModal open={isImportOpen} onClose={() => setImportOpen(false)} />
    </PageCard>
  );
}

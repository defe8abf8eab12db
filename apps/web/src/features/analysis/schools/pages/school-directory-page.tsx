import { BankOutlined, DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import {
  SCHOOL_IMPORT,
  SCHOOL_LEVELS,
  SCHOOL_NATURES,
  type SchoolDirectoryEntry,
  type SchoolLevel,
  type SchoolNature,
} from '@eduqa/contract';
import { Alert, Button, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { ExcelImportModal } from '../../../../shared/excel/excel-import-modal.tsx';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { PAGE_SIZE } from '../../../../shared/ui/paging.tsx';
import {
  downloadSchoolTemplate,
  SCHOOL_TEMPLATE_NAME,
  schoolKeys,
  setOwnSchool,
  useOwnSchool,
  useSchoolOptions,
  useSchoolPage,
} from '../api.ts';
import { SchoolSelectModal } from '../components/school-select-modal.tsx';

const SOURCE_LABELS: Record<SchoolDirectoryEntry['source'], string> = {
  moe: '教育部名单',
  import: '管理员导入',
  own: '本校（名单外）',
};

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
  const [keyword, setKeyword] = useState('');
  const [provinces, setProvinces] = useState<string[]>([]);
  const [levels, setLevels] = useState<SchoolLevel[]>([]);
  const [natures, setNatures] = useState<SchoolNature[]>([]);
  const [pageNum, setPageNum] = useState(1);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isPickOpen, setPickOpen] = useState(false);
  const options = useSchoolOptions();
  const own = useOwnSchool();
  const page = useSchoolPage({ keyword, provinces, levels, natures, pageNum, pageSize: PAGE_SIZE });
  const run = useAction(schoolKeys.all);

  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNum(1);
    };

  const columns: TableColumnsType<SchoolDirectoryEntry> = [
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
        search={{
          placeholder: '请输入学校名称',
          onSearch: (value) => {
            setKeyword(value);
            setPageNum(1);
          },
        }}
        filters={
          <>
            <Select<string[]>
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              style={{ width: 220 }}
              placeholder="所在地（全部）"
              aria-label="所在地"
              value={provinces}
              onChange={filtered(setProvinces)}
              options={(options.data?.provinces ?? []).map((p) => ({
                value: p.value,
                label: `${p.value}（${p.count}）`,
              }))}
            />
            <Select<SchoolLevel[]>
              mode="multiple"
              allowClear
              style={{ width: 180 }}
              placeholder="办学层次（全部）"
              aria-label="办学层次"
              value={levels}
              onChange={filtered(setLevels)}
              options={SCHOOL_LEVELS.map((l) => ({ value: l, label: l }))}
            />
            <Select<SchoolNature[]>
              mode="multiple"
              allowClear
              style={{ width: 200 }}
              placeholder="办学性质（全部）"
              aria-label="办学性质"
              value={natures}
              onChange={filtered(setNatures)}
              options={SCHOOL_NATURES.map((n) => ({ value: n, label: n }))}
            />
          </>
        }
        rowKey="code"
        columns={columns}
        rows={page.data?.records ?? []}
        isLoading={page.isFetching}
        serverPage={{ current: pageNum, total: page.data?.total ?? 0, onChange: setPageNum }}
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
      <ExcelImportModal
        open={isImportOpen}
        onClose={() => setImportOpen(false)}
        endpoints={SCHOOL_IMPORT}
        texts={{
          title: '导入高校名录',
          noun: '学校',
          success: (answer) => `导入成功！新增学校${answer.created}所，更新学校${answer.updated}所`,
          template: { text: '下载模板', fileName: SCHOOL_TEMPLATE_NAME },
          hint: '列与教育部《全国高等学校名单》一致；按学校标识码更新已有学校，其余新增；任何一行有误时不导入任何数据。',
        }}
        invalidates={[schoolKeys.all]}
      />
    </PageCard>
  );
}

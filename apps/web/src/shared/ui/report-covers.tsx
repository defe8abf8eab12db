import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import type { QueryKey } from '@tanstack/react-query';
import {
  Button,
  Form,
  Input,
  Result,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import { type RunAction, useAction } from '../api/use-action.ts';
import { ConfirmLink } from './confirm-link.tsx';
import { FormModal } from './form-modal.tsx';
import { PAGINATION } from './paging.tsx';
import { useDialog } from './use-dialog.ts';

/**
 * A report cover as 目标报告 and 质量报告 both keep it; each feature maps its own answer onto this
 * (the goal reports' `createTime` becomes `createdAt`).
 */
export interface ReportCover {
  id: string;
  title: string;
  subtitle: string;
  schoolName: string;
  /** Exactly one cover is the default: the one a report gets when it names none. */
  isDefault: boolean;
  /** 创建人; the quality reports keep none, and their list shows no such column. */
  creatorName?: string;
  createdAt: string;
}

/** What 新增报告封面 sends, trimmed; an empty subtitle is ''. */
export interface ReportCoverInput {
  title: string;
  subtitle: string;
  schoolName: string;
}

/** The longest title, subtitle and school name the feature's contract accepts. */
export interface ReportCoverLimits {
  title: number;
  subtitle: number;
  schoolName: number;
}

/** A page of covers as the feature's query holds it. */
export interface ReportCoverPage {
  data: { records: readonly ReportCover[]; total: number } | undefined;
  isLoading: boolean;
  error: Error | null;
}

interface ReportCoversProps {
  page: ReportCoverPage;
  pageNum: number;
  onPageChange: (pageNum: number) => void;
  /** Whether the caller may add, delete and set the default; the server refuses everyone else anyway. */
  canManage: boolean;
  /** Whether the rows carry 创建人. */
  hasCreator?: boolean;
  /** The queries a change reloads: the feature's report keys, so its generate dialog sees the new covers. */
  invalidates: QueryKey;
  insert: (cover: ReportCoverInput) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  setDefault: (id: string) => Promise<unknown>;
  /** The title box's example: the report kind's usual title. */
  titlePlaceholder: string;
  limits: ReportCoverLimits;
}

/** 报告封面: the list with its default switch, and for managers 新增封面 and 删除. */
export function ReportCovers({
  page,
  pageNum,
  onPageChange,
  canManage,
  hasCreator = false,
  invalidates,
  insert,
  remove,
  setDefault,
  titlePlaceholder,
  limits,
}: ReportCoversProps) {
  const form = useDialog<null>();
  const act = useAction(invalidates);
  const columns = coverColumns({ canManage, hasCreator, act, remove, setDefault });

  return (
    <>
      {canManage ? (
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" onClick={() => form.show(null)}>
            新增封面
          </Button>
        </Space>
      ) : null}
      {page.error ? (
        <Result status="error" title="加载失败" subTitle={page.error.message} />
      ) : (
        <Table<ReportCover>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.isLoading}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: page.data?.total ?? 0,
            onChange: onPageChange,
          }}
        />
      )}
      <CoverFormModal
        open={form.open}
        onClose={form.hide}
        onSubmit={async (cover) => {
          if (!(await act(() => insert(cover), '报告封面已新增'))) throw new Error('refused');
        }}
        titlePlaceholder={titlePlaceholder}
        limits={limits}
      />
    </>
  );
}

interface CoverColumnsContext {
  canManage: boolean;
  hasCreator: boolean;
  act: RunAction;
  remove: (id: string) => Promise<unknown>;
  setDefault: (id: string) => Promise<unknown>;
}

function coverColumns({
  canManage,
  hasCreator,
  act,
  remove,
  setDefault,
}: CoverColumnsContext): TableColumnsType<ReportCover> {
  return [
    { key: 'title', title: '封面标题', dataIndex: 'title', ellipsis: true },
    { key: 'subtitle', title: '副标题', render: (_, c) => c.subtitle || '—', ellipsis: true },
    { key: 'school', title: '学校名称', dataIndex: 'schoolName', width: 200, ellipsis: true },
    {
      key: 'default',
      title: '默认封面',
      width: 100,
      // The default is switched off only by making another the default: there is always exactly one.
      render: (_, c) => (
        <Tooltip
          title={c.isDefault ? '默认封面：设其他封面为默认即可更换' : canManage ? '设为默认' : undefined}
        >
          <Switch
            aria-label={`默认封面 ${c.title}`}
            size="small"
            checked={c.isDefault}
            disabled={!canManage || c.isDefault}
            onChange={() => void act(() => setDefault(c.id), `已将「${c.title}」设为默认封面`)}
          />
        </Tooltip>
      ),
    },
    ...(hasCreator ? [{ key: 'creator', title: '创建人', dataIndex: 'creatorName', width: 100 }] : []),
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170 },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 90,
            render: (_: unknown, c: ReportCover) => (
              <ConfirmLink
                title={`确定删除封面「${c.title}」吗？`}
                description={c.isDefault ? '这是默认封面，删除后最新的另一个封面成为默认。' : undefined}
                okText="删除"
                isDanger
                onConfirm={() => act(() => remove(c.id), '报告封面已删除')}
              >
                删除
              </ConfirmLink>
            ),
          },
        ]
      : []),
  ];
}

interface CoverValues {
  title: string;
  subtitle?: string;
  schoolName: string;
}

const max = (label: string, n: number) => ({ max: n, message: `${label}最多只能输入${n}个字符` });

/** 新增报告封面; the server makes the first cover the default. */
function CoverFormModal({
  open,
  onClose,
  onSubmit,
  titlePlaceholder,
  limits,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (cover: ReportCoverInput) => Promise<void>;
  titlePlaceholder: string;
  limits: ReportCoverLimits;
}) {
  const submit = (values: CoverValues) =>
    onSubmit({
      title: values.title.trim(),
      subtitle: values.subtitle?.trim() ?? '',
      schoolName: values.schoolName.trim(),
    });
  return (
    <FormModal<CoverValues>
      title="新增报告封面"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      <Form.Item
        name="title"
        label="封面标题"
        rules={[
          { required: true, whitespace: true, message: '请输入封面标题' },
          max('封面标题', limits.title),
        ]}
      >
        <Input placeholder={titlePlaceholder} />
      </Form.Item>
      <Form.Item name="subtitle" label="副标题" rules={[max('副标题', limits.subtitle)]}>
        <Input placeholder="请输入副标题" />
      </Form.Item>
      <Form.Item
        name="schoolName"
        label="学校名称"
        rules={[
          { required: true, whitespace: true, message: '请输入学校名称' },
          max('学校名称', limits.schoolName),
        ]}
      >
        <Input placeholder="请输入学校名称" />
      </Form.Item>
    </FormModal>
  );
}

/**
 * 报告封面 of a generate dialog: left empty, the report gets the default cover, which the placeholder
 * names.
 */
export function ReportCoverField({
  covers,
}: {
  covers: {
    data: { records: readonly Pick<ReportCover, 'id' | 'title' | 'isDefault'>[] } | undefined;
    isLoading: boolean;
  };
}) {
  const records = covers.data?.records ?? [];
  const defaultCover = records.find((c) => c.isDefault);
  return (
    <Form.Item name="coverId" label="报告封面">
      <Select
        allowClear
        placeholder={defaultCover ? `默认封面：${defaultCover.title}` : '默认封面'}
        loading={covers.isLoading}
        notFoundContent="暂无数据"
        options={records.map((c) => ({ value: c.id, label: `${c.title}${c.isDefault ? '（默认）' : ''}` }))}
      />
    </Form.Item>
  );
}

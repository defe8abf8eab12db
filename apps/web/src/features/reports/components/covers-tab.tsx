import { type QualityReportCover, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Form, Input, Result, Switch, Table, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { type RunAction, useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { insertCover, removeCover, reportKeys, setDefaultCover, useCovers } from '../api.ts';

/** 报告封面: exactly one is the default, used when a report names none. */
export function CoversTab() {
  const [pageNum, setPageNum] = useState(1);
  const covers = useCovers(pageNum);
  const form = useDialog<null>();
  const act = useAction(reportKeys.all);

  const columns: TableColumnsType<QualityReportCover> = [
    { key: 'title', title: '封面标题', dataIndex: 'title', ellipsis: true },
    { key: 'subtitle', title: '副标题', render: (_, c) => c.subtitle || '—', ellipsis: true },
    { key: 'school', title: '学校名称', dataIndex: 'schoolName', width: 200, ellipsis: true },
    {
      key: 'default',
      title: '默认封面',
      width: 100,
      render: (_, c) => (
        <Tooltip title={c.isDefault ? '默认封面：设其他封面为默认即可更换' : '设为默认'}>
          <Switch
            aria-label={`默认封面 ${c.title}`}
            size="small"
            checked={c.isDefault}
            disabled={c.isDefault}
            onChange={() => void act(() => setDefaultCover(c.id), `已将「${c.title}」设为默认封面`)}
          />
        </Tooltip>
      ),
    },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170 },
    {
      key: 'actions',
      title: '操作',
      width: 90,
      render: (_, c) => (
        <ConfirmLink
          title={`确定删除封面「${c.title}」吗？`}
          description={c.isDefault ? '这是默认封面，删除后另一个封面成为默认。' : undefined}
          okText="删除"
          isDanger
          onConfirm={() => act(() => removeCover(c.id), '报告封面已删除')}
        >
          删除
        </ConfirmLink>
      ),
    },
  ];

  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => form.show(null)}>
        新增封面
      </Button>
      {covers.isError ? (
        <Result status="error" title="加载失败" subTitle={covers.error.message} />
      ) : (
        <Table<QualityReportCover>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={covers.data?.records ?? []}
          loading={covers.isLoading}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: covers.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
      )}
      <CoverFormModal open={form.open} onClose={form.hide} act={act} />
    </>
  );
}

interface CoverValues {
  title: string;
  subtitle?: string;
  schoolName: string;
}

const max = (label: string, n: number) => ({ max: n, message: `${label}最多只能输入${n}个字符` });

/** 新增报告封面; the first cover becomes the default. */
function CoverFormModal({ open, onClose, act }: { open: boolean; onClose: () => void; act: RunAction }) {
  const submit = async (values: CoverValues) => {
    const body = {
      title: values.title.trim(),
      subtitle: values.subtitle?.trim() ?? '',
      schoolName: values.schoolName.trim(),
    };
    if (!(await act(() => insertCover(body), '报告封面已新增'))) throw new Error('refused');
  };
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
        rules={[{ required: true, whitespace: true, message: '请输入封面标题' }, max('封面标题', 60)]}
      >
        <Input placeholder="请输入封面标题，如：教学质量诊断与改进报告" />
      </Form.Item>
      <Form.Item name="subtitle" label="副标题" rules={[max('副标题', 60)]}>
        <Input placeholder="请输入副标题" />
      </Form.Item>
      <Form.Item
        name="schoolName"
        label="学校名称"
        rules={[{ required: true, whitespace: true, message: '请输入学校名称' }, max('学校名称', 60)]}
      >
        <Input placeholder="请输入学校名称" />
      </Form.Item>
    </FormModal>
  );
}

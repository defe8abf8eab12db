import {
  FORM_AUDIT_LABELS,
  FORM_PUBLISH_LABELS,
  FORM_TYPE_LABELS,
  type Form,
  LAYOUT_MODE_LABELS,
} from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { formatSchoolTime } from '../../../shared/time/school-time.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { auditForm, deleteForm, publishForm } from '../api.ts';

interface FormActionsProps {
  form: Form;
  run: RunAction;
  onDesign: (form: Form) => void;
  onLinks: (form: Form) => void;
}

/** A form's 设计, 发布, 审核, 公开链接 and 删除; each says why when it cannot be used yet. */
function FormActions({ form: f, run, onDesign, onLinks }: FormActionsProps) {
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => onDesign(f)}>
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
        onClick={() => onLinks(f)}
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
  );
}

/** The columns of 表单管理: what a form is, its version and state, and what can be done with it. */
export function formColumns(actions: Omit<FormActionsProps, 'form'>): TableColumnsType<Form> {
  return [
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
    { title: '修改时间', dataIndex: 'updatedAt', width: 170, render: (iso: string) => formatSchoolTime(iso) },
    {
      title: '操作',
      key: 'actions',
      width: 290,
      fixed: 'right',
      render: (_, f) => <FormActions form={f} {...actions} />,
    },
  ];
}

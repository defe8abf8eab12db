import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import {
  FORM_AUDIT_LABELS,
  FORM_PUBLISH_LABELS,
  type FormDefinition,
  type FormDetail,
  type FormVersion,
} from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Modal, Popconfirm, Result, Space, Spin, Table, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { useAction } from '../../../shared/api/use-action.ts';
import { formatSchoolTime } from '../../../shared/time/school-time.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import {
  formsKeys,
  publishForm,
  saveFormDesign,
  useAllConstantTypes,
  useFormDetail,
  useFormOptions,
  useFormVersions,
} from '../api.ts';
import type { PrefillSlot } from '../components/designer/field-properties.tsx';
import { FormDesigner } from '../index.ts';
import { draftToDefinition } from '../widgets/draft-definition.ts';
import { PrefillEditor } from '../widgets/prefill-editor.tsx';

const time = (iso: string | null) => formatSchoolTime(iso);

function VersionsModal({ formId, open, onClose }: { formId: string; open: boolean; onClose: () => void }) {
  const versions = useFormVersions(formId);
  return (
    <Modal title="版本记录" open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Table<FormVersion>
        rowKey="version"
        size="small"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        columns={[
          { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `第${v}版` },
          { title: '字段数', dataIndex: 'fieldCount', width: 80 },
          { title: '创建', key: 'created', render: (_, v) => `${v.createdBy} ${time(v.createdAt)}` },
          {
            title: '发布',
            key: 'published',
            render: (_, v) => (v.publishedAt ? `${v.publishedBy ?? ''} ${time(v.publishedAt)}` : '未发布'),
          },
        ]}
      />
    </Modal>
  );
}

/** The page's title: back to 表单管理 (asking first when there are unsaved edits), the name and its state. */
function DesignerTitle({
  form,
  isDirty,
  onLeave,
}: {
  form: FormDetail;
  isDirty: boolean;
  onLeave: () => void;
}) {
  return (
    <Space>
      <Popconfirm
        title="有未保存的修改，确定离开吗？"
        okText="离开"
        cancelText="取消"
        disabled={!isDirty}
        onConfirm={onLeave}
      >
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label="返回表单管理"
          onClick={() => {
            if (!isDirty) onLeave();
          }}
        />
      </Popconfirm>
      {form.name}
      <Tag color={form.publishState === 'published' ? 'green' : 'default'}>
        {FORM_PUBLISH_LABELS[form.publishState]}
      </Tag>
      {isDirty ? <Tag color="orange">有未保存的修改</Tag> : null}
    </Space>
  );
}

/** 版本记录, 保存 (once there are edits) and 发布 (asking first; again only when there are edits). */
function DesignerActions({
  form,
  isDirty,
  isSaving,
  onVersions,
  onSave,
  onPublish,
}: {
  form: FormDetail;
  isDirty: boolean;
  isSaving: boolean;
  onVersions: () => void;
  onSave: () => void;
  onPublish: () => Promise<void>;
}) {
  return (
    <Space>
      <Button icon={<HistoryOutlined />} onClick={onVersions}>
        版本记录
      </Button>
      <Button loading={isSaving} disabled={!isDirty} onClick={onSave}>
        保存
      </Button>
      <Popconfirm
        title={`确定发布表单「${form.name}」吗？`}
        description="发布会校验设计，并创建或更新数据仓库中的数据表；会丢失数据的修改将被拒绝。"
        okText="发布"
        cancelText="取消"
        disabled={form.publishState === 'published' && !isDirty}
        onConfirm={() => onPublish()}
      >
        <Button type="primary" disabled={form.publishState === 'published' && !isDirty}>
          发布
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The current and published versions of the form, its audit and when it last changed. */
function VersionFacts({ form }: { form: FormDetail }) {
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginBottom: 12 }}>
      <Descriptions.Item label="当前版本">第{form.version}版</Descriptions.Item>
      <Descriptions.Item label="已发布版本">
        {form.publishedVersion === null ? '未发布' : `第${form.publishedVersion}版`}
      </Descriptions.Item>
      <Descriptions.Item label="审核">
        {form.publishedVersion === null ? '—' : FORM_AUDIT_LABELS[form.auditState]}
      </Descriptions.Item>
      <Descriptions.Item label="修改时间">{time(form.updatedAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The design on screen and whether it has unsaved edits. */
function useDesignDraft(loaded: FormDetail | undefined) {
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [isDirty, setDirty] = useState(false);
  // A loaded (or reloaded after saving) design replaces the one on screen.
  useEffect(() => {
    if (loaded) {
      setDefinition(draftToDefinition(loaded.definition));
      setDirty(false);
    }
  }, [loaded]);

  const onChange = useCallback((next: FormDefinition) => {
    setDefinition(next);
    setDirty(true);
  }, []);
  return { definition, isDirty, onChange };
}

/** What the designer offers: the constant types, the select fields' options and the 已有数据 editor. */
function useDesignerInputs(id: string, formType: FormDefinition['formType']) {
  const constantTypes = useAllConstantTypes();
  const options = useFormOptions(id);
  const types = useMemo(
    () => (constantTypes.data ?? []).map((t) => ({ id: t.id, name: `${t.name}（${t.code}）` })),
    [constantTypes.data],
  );
  const optionsData = options.data;
  const optionsOf = useCallback((key: string) => optionsData?.[key] ?? [], [optionsData]);
  const renderPrefill = useCallback<PrefillSlot>(
    (field, change) => (
      <PrefillEditor formId={id} formType={formType} field={field} isReadOnly={false} onChange={change} />
    ),
    [id, formType],
  );
  return { types, optionsOf, renderPrefill };
}

/** 表单设计: the designer on the form's current version, 保存 (a new version once published) and 发布. */
export function DesignerPage() {
  const { id = '' } = useParams();
  const detail = useFormDetail(id);
  const loaded = detail.data;
  const { definition, isDirty, onChange } = useDesignDraft(loaded);
  const { types, optionsOf, renderPrefill } = useDesignerInputs(id, definition?.formType ?? 'floating');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const run = useAction(formsKeys.all);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isVersionsOpen, setVersionsOpen] = useState(false);

  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  if (!loaded || !definition)
    return (
      <Result
        status="warning"
        title="表单不存在或已删除"
        extra={<Button onClick={() => navigate('..')}>返回表单管理</Button>}
      />
    );

  const save = async (): Promise<boolean> => {
    setSaving(true);
    setProblem(null);
    try {
      await saveFormDesign(id, definition, loaded.version);
      await queryClient.invalidateQueries({ queryKey: formsKeys.all });
      notify.success('设计已保存');
      return true;
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : '保存失败');
      return false;
    } finally {
      setSaving(false);
    }
  };

  const publish = async () => {
    if (isDirty && !(await save())) return;
    await run(() => publishForm(id), '表单已发布');
  };

  return (
    <Card
      variant="borderless"
      title={<DesignerTitle form={loaded} isDirty={isDirty} onLeave={() => navigate('..')} />}
      extra={
        <DesignerActions
          form={loaded}
          isDirty={isDirty}
          isSaving={isSaving}
          onVersions={() => setVersionsOpen(true)}
          onSave={() => void save()}
          onPublish={publish}
        />
      }
    >
      <VersionFacts form={loaded} />
      {loaded.publishState === 'published' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="当前版本已发布：保存修改会生成新版本，发布后填报才使用它。"
        />
      ) : null}
      {problem ? (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          title={problem}
          onClose={() => setProblem(null)}
        />
      ) : null}
      <FormDesigner
        value={definition}
        onChange={onChange}
        constantTypes={types}
        optionsOf={optionsOf}
        renderPrefill={renderPrefill}
      />
      <VersionsModal formId={id} open={isVersionsOpen} onClose={() => setVersionsOpen(false)} />
    </Card>
  );
}

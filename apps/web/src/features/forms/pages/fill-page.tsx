import { ArrowLeftOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import { Alert, Button, Card, Modal, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { useFillTaskDetail } from '../api.ts';
import { FormRenderer } from '../index.ts';
import { FillStateTag } from '../widgets/fill-state-tag.tsx';
import { FillToolbar } from '../widgets/fill-toolbar.tsx';
import { uniqueCheckOf } from '../widgets/unique-check.ts';
import { useFillCommit } from '../widgets/use-fill-commit.ts';
import { type FillDetail, lockReason, useFillDraft } from '../widgets/use-fill-draft.ts';
import { useFillImport } from '../widgets/use-fill-import.ts';
import { useFillOptions } from '../widgets/use-fill-options.ts';

const NO_QUERIES: readonly QueryKey[] = [];

type FillTask = FillDetail['fillTask'];

/** Back to 我的填报, then which form of which task, in what state. */
function FillTitle({ fillTask, onBack }: { fillTask: FillTask; onBack: () => void }) {
  return (
    <Space wrap>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回我的填报" onClick={onBack} />
      {fillTask.formName}
      <Typography.Text type="secondary">{fillTask.taskName}</Typography.Text>
      <FillStateTag state={fillTask.state} />
    </Space>
  );
}

/** Above the form: why it came back, why it cannot be changed, and the commit's problems naming no field. */
function FillNotices({
  fillTask,
  reason,
  problems,
  onCloseProblems,
}: {
  fillTask: FillTask;
  reason: string | null;
  problems: readonly string[];
  onCloseProblems: () => void;
}) {
  return (
    <>
      {fillTask.state === 'rollback' && fillTask.rollbackReason ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="已退回，请修改后重新提交"
          description={`退回原因：${fillTask.rollbackReason}`}
        />
      ) : null}
      {reason ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={reason} /> : null}
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          title={problems.join('；')}
          onClose={onCloseProblems}
        />
      ) : null}
    </>
  );
}

/** Another editor changed the fill: load theirs (dropping what is unsaved here), or decide later. */
function ConflictModal({
  conflict,
  onReload,
  onLater,
}: {
  conflict: string | null;
  onReload: () => Promise<void>;
  onLater: () => void;
}) {
  return (
    <Modal
      title="数据已被他人修改"
      open={conflict !== null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okText="载入最新"
      cancelText="稍后处理"
      onOk={() => onReload()}
      onCancel={onLater}
    >
      <p>{conflict}</p>
      <p>载入最新会放弃本页尚未保存的修改；在载入之前，本页不再自动保存。</p>
    </Modal>
  );
}

/**
 * The filler's form: drafts saved as they type (debounced) and when a field is left, so nothing typed is
 * lost; a save that meets another editor's change stops and offers to load the latest; 提交 checks every
 * field, saves what is pending and commits, with the server's messages put under their fields.
 */
function FillEditor({ detail, onReload }: { detail: FillDetail; onReload: () => Promise<void> }) {
  const { fillTask, definition } = detail;
  const reason = lockReason(detail);
  const isEditable = reason === null;
  const optionsOf = useFillOptions(fillTask.formId);
  const checkUnique = useMemo(() => uniqueCheckOf(fillTask.formId), [fillTask.formId]);
  const navigate = useNavigate();
  const draft = useFillDraft(detail, isEditable);
  const { flush, hasUnsaved } = draft;
  const committing = useFillCommit({
    fillTaskId: fillTask.id,
    fields: definition.fields,
    rowsRef: draft.rowsRef,
    flush,
    hasUnsaved,
  });
  const importing = useFillImport({ fillTask, onReload, flush, hasUnsaved });

  return (
    <Card
      variant="borderless"
      title={<FillTitle fillTask={fillTask} onBack={() => navigate('..')} />}
      extra={
        <FillToolbar
          deadline={fillTask.deadline}
          formType={definition.formType}
          isEditable={isEditable}
          status={draft.status}
          isCommitting={committing.isCommitting}
          onImport={() => void importing.openImport()}
          onCheck={committing.check}
          onCommit={committing.commit}
        />
      }
    >
      <FillNotices
        fillTask={fillTask}
        reason={reason}
        problems={committing.problems}
        onCloseProblems={committing.clearProblems}
      />
      <FormRenderer
        key={committing.rendererKey}
        ref={committing.rendererRef}
        definition={definition}
        records={draft.rows}
        viewMode={isEditable ? 'edit' : 'normal'}
        optionsOf={optionsOf}
        onChange={draft.onChange}
        onFieldBlur={draft.onFieldBlur}
        checkUnique={checkUnique}
        errors={committing.serverErrors}
        known={detail.known}
      />
      <ConflictModal conflict={draft.conflict} onReload={onReload} onLater={() => draft.setConflict(null)} />
      <ExcelImportModal
        open={importing.isImporting}
        endpoints={importing.endpoints}
        texts={importing.texts}
        fields={{ fillTaskId: fillTask.id }}
        // The rows live in this editor, not in a query: it is reloaded (and the dialog closed) instead.
        invalidates={NO_QUERIES}
        onImported={importing.onImported}
        onClose={importing.closeImport}
      />
    </Card>
  );
}

/** 我的填报 › 填报: one fill task's form. */
export function FillPage() {
  const { id = '' } = useParams();
  const detail = useFillTaskDetail(id);
  const navigate = useNavigate();
  const [generation, setGeneration] = useState(0);

  const reload = useCallback(async () => {
    await detail.refetch();
    setGeneration((g) => g + 1);
  }, [detail]);

  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  if (!detail.data)
    return (
      <Result
        status="warning"
        title={detail.error?.message ?? '填报任务不存在'}
        extra={<Button onClick={() => navigate('..')}>返回我的填报</Button>}
      />
    );
  return (
    <FillEditor key={`${detail.data.fillTask.id}-${generation}`} detail={detail.data} onReload={reload} />
  );
}

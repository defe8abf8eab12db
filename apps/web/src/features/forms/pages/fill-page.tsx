import { ArrowLeftOutlined, UploadOutlined } from '@ant-design/icons';
import {
  canEditFill,
  checkTaskOpen,
  type collectEndpoints,
  type DataOf,
  type FormRecord,
  withKnownValues,
} from '@eduqa/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Modal, Popconfirm, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { commitFill, fillImport, formsKeys, saveRecords, useFillTaskDetail } from '../api.ts';
import { FormRenderer, type FormRendererHandle, type FormRow, newFormRow, type RowErrors } from '../index.ts';
import {
  type AutosaveScheduler,
  autosaveReducer,
  autosaveText,
  createAutosaveScheduler,
  INITIAL_AUTOSAVE,
} from '../widgets/autosave.ts';
import { describeDeadline } from '../widgets/deadline.ts';
import { applySaved, draftChanges, hasChanges, type SavedRecord } from '../widgets/draft-changes.ts';
import { FillStateTag } from '../widgets/fill-state-tag.tsx';
import { fillImportTexts } from '../widgets/import-texts.ts';
import { placeServerErrors } from '../widgets/server-errors.ts';
import { uniqueCheckOf } from '../widgets/unique-check.ts';
import { useFillOptions } from '../widgets/use-fill-options.ts';

type FillDetail = DataOf<typeof collectEndpoints.fillTaskDetail>;

const NO_QUERIES: readonly QueryKey[] = [];

const STATUS_COLORS = {
  idle: 'secondary',
  saving: 'secondary',
  saved: 'success',
  failed: 'danger',
  conflict: 'danger',
} as const;

/** The rows to start from; `isPrefilled` when values the school holds filled an empty field (not saved yet). */
function startingRows(detail: FillDetail, isEditable: boolean): { rows: FormRow[]; isPrefilled: boolean } {
  const rows = detail.records.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    links: r.links,
    values: r.data as FormRecord,
  }));
  if (!isEditable || detail.definition.formType !== 'floating') return { rows, isPrefilled: false };
  // A floating form is one record: an empty one to type into when nothing is saved yet.
  const start = rows.length > 0 ? rows : [newFormRow(detail.definition)];
  // 数据只采一次: what the school already holds fills the fields still empty; the autosave keeps it.
  const filled = start.map((row) => {
    const values = withKnownValues(row.values, detail.known);
    return values === row.values ? row : { ...row, values };
  });
  return { rows: filled, isPrefilled: filled.some((row, i) => row !== start[i]) };
}

function savedOf(detail: FillDetail): Map<string, SavedRecord> {
  return new Map(
    detail.records.map((r) => [
      r.id,
      {
        values: r.data as FormRecord,
        parentId: r.parentId,
        links: r.links,
        sort: r.sort,
        revision: r.revision,
      },
    ]),
  );
}

/** Why the filler cannot change the task now, or null while they can. */
function lockReason(detail: FillDetail): string | null {
  const open = checkTaskOpen(detail.fillTask.taskState);
  if (!open.ok) return open.message;
  const editable = canEditFill(detail.fillTask.state);
  return editable.ok ? null : editable.message;
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
  const [start] = useState(() => startingRows(detail, isEditable));
  const [rows, setRows] = useState<FormRow[]>(start.rows);
  const [status, dispatch] = useReducer(autosaveReducer, INITIAL_AUTOSAVE);
  const [conflict, setConflict] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<RowErrors>({});
  // A fresh renderer shows the server's messages: its own checks, once run by validateAll, hide them.
  const [rendererKey, setRendererKey] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [isCommitting, setCommitting] = useState(false);
  const [isImporting, setImporting] = useState(false);
  const rowsRef = useRef(rows);
  const savedRef = useRef(savedOf(detail));
  const isDirtyRef = useRef(false);
  const isConflictRef = useRef(false);
  const schedulerRef = useRef<AutosaveScheduler | null>(null);
  const rendererRef = useRef<FormRendererHandle>(null);
  const optionsOf = useFillOptions(fillTask.formId);
  const checkUnique = useMemo(() => uniqueCheckOf(fillTask.formId), [fillTask.formId]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const importEndpoints = useMemo(() => fillImport(fillTask.id), [fillTask.id]);
  const importTexts = useMemo(() => fillImportTexts(fillTask.formName), [fillTask.formName]);
  const onImported = useCallback(async () => {
    setImporting(false);
    await onReload();
  }, [onReload]);
  // Pre-filled values are not saved yet: the first autosave writes them as if typed.
  const hasPrefill = useRef(start.isPrefilled);

  const save = useCallback(async () => {
    if (!isDirtyRef.current || isConflictRef.current) return;
    const changes = draftChanges(rowsRef.current, savedRef.current);
    if (!hasChanges(changes)) {
      isDirtyRef.current = false;
      return;
    }
    dispatch({ type: 'saving' });
    try {
      const answer = await saveRecords({
        fillTaskId: fillTask.id,
        records: changes.records,
        ...(changes.removeIds.length ? { removeIds: changes.removeIds } : {}),
      });
      savedRef.current = applySaved(savedRef.current, changes, answer.records);
      isDirtyRef.current = hasChanges(draftChanges(rowsRef.current, savedRef.current));
      dispatch({ type: 'saved', at: new Date(), isDirty: isDirtyRef.current });
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 409) {
        isConflictRef.current = true;
        dispatch({ type: 'conflict', message: error.message });
        setConflict(error.message);
      } else {
        dispatch({ type: 'failed', message: error instanceof ApiError ? error.message : '' });
      }
      throw error;
    }
  }, [fillTask.id]);

  useEffect(() => {
    if (!isEditable) return;
    const scheduler = createAutosaveScheduler({ save });
    schedulerRef.current = scheduler;
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!isDirtyRef.current) return;
      void scheduler.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    if (hasPrefill.current) {
      hasPrefill.current = false;
      isDirtyRef.current = true;
      scheduler.touch();
    }
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      // Leaving the page saves what is pending before the scheduler stops.
      void scheduler.flush();
      scheduler.dispose();
      schedulerRef.current = null;
    };
  }, [isEditable, save]);

  const onChange = useCallback((next: FormRow[]) => {
    rowsRef.current = next;
    setRows(next);
    isDirtyRef.current = true;
    dispatch({ type: 'edited' });
    schedulerRef.current?.touch();
  }, []);
  const onFieldBlur = useCallback(() => {
    void schedulerRef.current?.flush();
  }, []);

  /** Rows from Excel are added on the server after the saved draft: save first, then reload what it holds. */
  const openImport = async () => {
    try {
      await schedulerRef.current?.flush();
    } catch {
      return;
    }
    if (isConflictRef.current || hasChanges(draftChanges(rowsRef.current, savedRef.current))) {
      notify.error('草稿未能保存，请稍后再导入');
      return;
    }
    setImporting(true);
  };

  const commit = async () => {
    setProblems([]);
    if (!(await rendererRef.current?.validateAll())) {
      notify.error('请先修正标红的字段');
      return;
    }
    setCommitting(true);
    try {
      await schedulerRef.current?.flush();
      if (isConflictRef.current || hasChanges(draftChanges(rowsRef.current, savedRef.current))) {
        notify.error('草稿未能保存，请稍后再提交');
        return;
      }
      await commitFill(fillTask.id);
      notify.success('已提交，等待审核');
      await queryClient.invalidateQueries({ queryKey: formsKeys.all });
      navigate('..');
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const placed = placeServerErrors(
        error.message,
        rowsRef.current.map((r) => r.id),
        definition.fields,
      );
      setServerErrors(placed.errors);
      setRendererKey((k) => k + 1);
      setProblems(placed.rest);
      if (Object.keys(placed.errors).length > 0) notify.error('提交未通过校验，请查看标红的字段');
    } finally {
      setCommitting(false);
    }
  };

  const deadline = describeDeadline(fillTask.deadline, new Date());

  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回我的填报"
            onClick={() => navigate('..')}
          />
          {fillTask.formName}
          <Typography.Text type="secondary">{fillTask.taskName}</Typography.Text>
          <FillStateTag state={fillTask.state} />
        </Space>
      }
      extra={
        <Space>
          <Typography.Text type={deadline.isOverdue ? 'danger' : 'secondary'}>
            截止 {fillTask.deadline}（{deadline.text}）
          </Typography.Text>
          {isEditable ? (
            <>
              <Typography.Text type={STATUS_COLORS[status.phase]} role="status" aria-label="保存状态">
                {autosaveText(status)}
              </Typography.Text>
              {definition.formType === 'fixed' ? (
                <Button icon={<UploadOutlined />} onClick={() => void openImport()}>
                  从 Excel 导入
                </Button>
              ) : null}
              <Popconfirm
                title="确定提交吗？"
                description="提交后等待审核，审核前不能修改。"
                okText="提交"
                cancelText="取消"
                onConfirm={() => commit()}
              >
                <Button type="primary" loading={isCommitting}>
                  提交
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Space>
      }
    >
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
          onClose={() => setProblems([])}
        />
      ) : null}
      <FormRenderer
        key={rendererKey}
        ref={rendererRef}
        definition={definition}
        records={rows}
        viewMode={isEditable ? 'edit' : 'normal'}
        optionsOf={optionsOf}
        onChange={onChange}
        onFieldBlur={onFieldBlur}
        checkUnique={checkUnique}
        errors={serverErrors}
        known={detail.known}
      />
      <Modal
        title="数据已被他人修改"
        open={conflict !== null}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        okText="载入最新"
        cancelText="稍后处理"
        onOk={() => onReload()}
        onCancel={() => setConflict(null)}
      >
        <p>{conflict}</p>
        <p>载入最新会放弃本页尚未保存的修改；在载入之前，本页不再自动保存。</p>
      </Modal>
      <ExcelImportModal
        open={isImporting}
        endpoints={importEndpoints}
        texts={importTexts}
        fields={{ fillTaskId: fillTask.id }}
        // The rows live in this editor, not in a query: it is reloaded (and the dialog closed) instead.
        invalidates={NO_QUERIES}
        onImported={onImported}
        onClose={() => setImporting(false)}
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

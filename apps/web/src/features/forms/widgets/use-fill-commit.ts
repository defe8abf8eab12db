import type { FormField } from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { commitFill, formsKeys } from '../api.ts';
import type { FormRendererHandle } from '../components/renderer/form-renderer.tsx';
import type { FormRow, RowErrors } from '../components/renderer/form-row.ts';
import { placeServerErrors } from './server-errors.ts';

/**
 * 提交 of a fill: checks every field (before the question), then saves what is pending and commits; the server's messages go under
 * their fields (through a fresh renderer) and the rest above the form.
 */
export function useFillCommit(input: {
  fillTaskId: string;
  fields: readonly FormField[];
  rowsRef: { readonly current: readonly FormRow[] };
  flush: () => Promise<void> | undefined;
  hasUnsaved: () => boolean;
}) {
  const [serverErrors, setServerErrors] = useState<RowErrors>({});
  // A fresh renderer shows the server's messages: its own checks, once run by validateAll, hide them.
  const [rendererKey, setRendererKey] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [isCommitting, setCommitting] = useState(false);
  const rendererRef = useRef<FormRendererHandle>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Runs before 「确定提交吗？」 is asked, so the question is only put about a fill that can be committed.
  const check = async () => {
    setProblems([]);
    if (await rendererRef.current?.validateAll()) return true;
    notify.error('请先修正标红的字段');
    return false;
  };

  const commit = async () => {
    setCommitting(true);
    try {
      await input.flush();
      if (input.hasUnsaved()) {
        notify.error('草稿未能保存，请稍后再提交');
        return;
      }
      await commitFill(input.fillTaskId);
      notify.success('已提交，等待审核');
      await queryClient.invalidateQueries({ queryKey: formsKeys.all });
      navigate('..');
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const placed = placeServerErrors(
        error.message,
        input.rowsRef.current.map((r) => r.id),
        input.fields,
      );
      setServerErrors(placed.errors);
      setRendererKey((k) => k + 1);
      setProblems(placed.rest);
      if (Object.keys(placed.errors).length > 0) notify.error('提交未通过校验，请查看标红的字段');
    } finally {
      setCommitting(false);
    }
  };

  return {
    check,
    commit,
    isCommitting,
    problems,
    clearProblems: () => setProblems([]),
    serverErrors,
    rendererKey,
    rendererRef,
  };
}

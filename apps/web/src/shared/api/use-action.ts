import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '../ui/feedback.tsx';

/**
 * The Chinese toast after success: a text ('删除成功'), one built from the answer
 * (`已重新诊断${n}个质控点`), or none when the screen shows the result itself.
 */
export type DoneText<T> = string | ((answer: T) => string) | undefined;

interface ActionRun {
  work: () => Promise<unknown>;
  done: DoneText<unknown>;
}

/** Runs a change; resolves true when it succeeded (toasted, lists reloaded), false when it was refused. */
export type RunAction = <W extends () => Promise<unknown>>(
  work: W,
  done?: DoneText<Awaited<ReturnType<W>>>,
) => Promise<boolean>;

/**
 * One change of data as a TanStack mutation: after success it toasts `done` and reloads every query
 * under the given keys before it resolves. A refusal has already been shown by the api client (the
 * server's Chinese message through the error catalogue), so it resolves false and a dialog can stay
 * open with what the user typed.
 */
export function useAction(...invalidates: readonly QueryKey[]): RunAction {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ work }: ActionRun) => work(),
    onSuccess: async (answer, { done }) => {
      const text = typeof done === 'function' ? done(answer) : done;
      if (text) notify.success(text);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  return useCallback(
    async <W extends () => Promise<unknown>>(work: W, done?: DoneText<Awaited<ReturnType<W>>>) => {
      try {
        await mutateAsync({ work, done: done as DoneText<unknown> });
        return true;
      } catch {
        return false;
      }
    },
    [mutateAsync],
  );
}

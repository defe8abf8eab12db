import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '../ui/feedback.tsx';

interface ActionRun {
  work: () => Promise<unknown>;
  /** The Chinese toast after success, e.g. '删除成功'; none when the screen shows the result itself. */
  done: string | undefined;
}

/** Runs a change; resolves true when it succeeded (toasted, lists reloaded), false when it was refused. */
export type RunAction = (work: () => Promise<unknown>, done?: string) => Promise<boolean>;

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
    onSuccess: async (_answer, { done }) => {
      if (done) notify.success(done);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  return useCallback(
    async (work, done) => {
      try {
        await mutateAsync({ work, done });
        return true;
      } catch {
        return false;
      }
    },
    [mutateAsync],
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { reportKeys } from '../api.ts';

/** Reloads every report query (lists, the open report, the 待我评审 count). */
export function useRefreshReports() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: reportKeys.all }), [queryClient]);
}

import { homeEndpoints } from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';

export const homeKeys = {
  all: ['home'] as const,
  workbench: ['home', 'workbench'] as const,
};

/**
 * The workbench in one request. Silent: the page shows its own error with 重试 rather than a toast. Its
 * fields are the contract's English names, so there is no wire mapping to do.
 */
export function useWorkbench() {
  return useQuery({
    queryKey: homeKeys.workbench,
    queryFn: () => call(homeEndpoints.workbench, { silent: true }),
  });
}

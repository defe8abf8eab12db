import { DEFAULT_APP_ID, DEFAULT_SYSTEM_NAME, orgEndpoints } from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../shared/api/client.ts';
import { notify } from '../../shared/ui/feedback.tsx';

/** Invalidate this key after changing the system name or logo. */
export const SYSTEM_SETTING_QUERY_KEY = ['systemSetting', DEFAULT_APP_ID] as const;

export interface Branding {
  systemName: string;
  logoUrl: string | null;
}

/** The configurable system name and logo (public: the login page shows them too). */
export function useSystemSetting(): Branding {
  const { data } = useQuery({
    queryKey: SYSTEM_SETTING_QUERY_KEY,
    queryFn: async () => {
      try {
        return await call(orgEndpoints.systemSetting, { params: { appId: DEFAULT_APP_ID }, silent: true });
      } catch (error) {
        notify.error('获取系统配置错误');
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  const systemName = data?.systemName || DEFAULT_SYSTEM_NAME;
  useEffect(() => {
    document.title = systemName;
  }, [systemName]);
  return { systemName, logoUrl: data?.logoAttachment?.url ?? null };
}

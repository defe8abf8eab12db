import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import 'antd/dist/antd.css';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { ACCESSIBLE_COMPONENTS, ACCESSIBLE_TOKENS } from '../shared/ui/colors.ts';
import { FeedbackBridge } from '../shared/ui/feedback.tsx';
import { usePrefersReducedMotion } from '../shared/ui/reduced-motion.ts';
import { getSession, subscribeSession } from '../shell/session/index.ts';
import '../shared/ui/tables.css';
import '../shared/ui/accessible.css';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    // The client already shows failures; retrying a refused request only repeats the toast.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

/** Another user must not see this one's cached data: drop it whenever the session ends. */
function useClearCacheOnSignOut() {
  useEffect(() => {
    let wasSignedIn = getSession().status === 'signedIn';
    return subscribeSession(() => {
      const isSignedIn = getSession().status === 'signedIn';
      if (wasSignedIn && !isSignedIn) queryClient.clear();
      wasSignedIn = isSignedIn;
    });
  }, []);
}

/** Chinese locale, antd's App context (message/modal), React Query; no animation or click wave for who asks for less motion. */
export function Providers({ children }: { children: ReactNode }) {
  useClearCacheOnSignOut();
  const reducedMotion = usePrefersReducedMotion();
  return (
    // No space inserted between two Chinese characters: buttons read '登录', '确定' for people and tests alike.
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{
        // antd's component styles come from antd/dist/antd.css instead of being computed and injected on
        // each component's first render: a third of the main thread's time when a page is opened cold.
        // The tokens below still apply, as the CSS variables that stylesheet reads.
        zeroRuntime: true,
        token: { ...ACCESSIBLE_TOKENS, motion: !reducedMotion },
        components: ACCESSIBLE_COMPONENTS,
      }}
      // The click wave fades for 2 s whatever the motion token says: off too for who asks for less motion.
      wave={{ disabled: reducedMotion }}
    >
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}

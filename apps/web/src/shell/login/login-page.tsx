import { Alert, Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadSignedInApp, prefetchSignedInApp } from '../../app/lazy-shell.ts';
import { safeFromPath } from '../../shared/routing/paths.ts';
import { BootLoader } from '../../shared/ui/boot-loader.tsx';
import { ChunkErrorBoundary } from '../../shared/ui/chunk-error-boundary.tsx';
import { signIn, useSession } from '../session/index.ts';
import { LoginCard } from './login-card.tsx';
import { LoginForm, type LoginValues } from './login-form.tsx';
import { useCentralSignIn } from './use-central-sign-in.ts';

// The target after sign-in needs the whole route table, which comes with the signed-in app.
const AfterSignIn = lazy(() => loadSignedInApp().then((m) => ({ default: m.AfterSignIn })));

/**
 * Sign-in (spec 1 §2). Once signed in, goes back to the `from` query (when the user may open it),
 * else the home page. Failures are shown by the sign-in sequence as the 登录失败 dialog.
 *
 * Under central sign-in (系统设置 → 统一身份认证) a signed-out visitor is sent to the central entry.
 * The form stays for the administrator at `#/login?local=1`, and after a refused central sign-in, whose
 * message arrives as `ssoError` and is shown above the form.
 */
export function LoginPage() {
  const { status } = useSession();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  // The login page is all the first download holds; what comes after it loads while the user types.
  useEffect(() => prefetchSignedInApp(), []);
  const { central, ssoError, goesCentral } = useCentralSignIn(status, searchParams);

  if (status === 'signedIn') {
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={<BootLoader />}>
          <AfterSignIn from={safeFromPath(searchParams.get('from'))} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      await signIn(values.username.trim(), values.password);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <LoginCard>
      {ssoError ? (
        <Alert
          type="error"
          showIcon
          message="统一身份认证登录失败"
          description={ssoError}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {goesCentral ? (
        <p role="status" style={{ textAlign: 'center', margin: '0 0 24px' }}>
          正在前往统一身份认证…
        </p>
      ) : null}
      <LoginForm isHidden={goesCentral} isSubmitting={submitting} onFinish={onFinish} />
      {central?.loginUrl && !goesCentral ? (
        <Button block size="large" href={central.loginUrl} style={{ marginBottom: 20 }}>
          使用统一身份认证登录
        </Button>
      ) : null}
    </LoginCard>
  );
}

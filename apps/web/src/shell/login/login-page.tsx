import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { SsoStatus } from '@eduqa/contract';
import { Alert, Button, Form, Input } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadSignedInApp, prefetchSignedInApp } from '../../app/lazy-shell.ts';
import { safeFromPath } from '../../shared/routing/paths.ts';
import { BootLoader } from '../../shared/ui/boot-loader.tsx';
import { ChunkErrorBoundary } from '../../shared/ui/chunk-error-boundary.tsx';
import { Brand } from '../layout/brand.tsx';
import { signIn, useSession } from '../session/index.ts';
import { HEADER_COLORS } from '../theme/theme.ts';
import { fetchSsoStatus, isLeaving, leaveTo } from './central-sign-in.ts';

// The target after sign-in needs the whole route table, which comes with the signed-in app.
const AfterSignIn = lazy(() => loadSignedInApp().then((m) => ({ default: m.AfterSignIn })));

interface LoginValues {
  username: string;
  password: string;
}

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
  const [central, setCentral] = useState<SsoStatus | null>(null);
  const isLocal = searchParams.get('local') === '1';
  const ssoError = searchParams.get('ssoError');
  const goesCentral = central?.loginUrl != null && !isLocal && !ssoError;
  // The login page is all the first download holds; what comes after it loads while the user types.
  useEffect(() => prefetchSignedInApp(), []);
  useEffect(() => {
    let isActive = true;
    void fetchSsoStatus().then((found) => {
      if (isActive) setCentral(found);
    });
    return () => {
      isActive = false;
    };
  }, []);
  useEffect(() => {
    if (goesCentral && status === 'signedOut' && central?.loginUrl && !isLeaving()) leaveTo(central.loginUrl);
  }, [goesCentral, status, central]);

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
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: `linear-gradient(160deg, ${HEADER_COLORS.dark} 0%, #2f3f75 55%, ${HEADER_COLORS.blue} 100%)`,
      }}
    >
      <div style={{ marginBottom: 28 }}>
        <Brand size={26} />
      </div>
      <section
        aria-labelledby="login-title"
        style={{
          width: '100%',
          maxWidth: 380,
          background: '#fff',
          borderRadius: 10,
          padding: '32px 32px 12px',
          boxShadow: '0 16px 48px rgba(0,0,0,0.25)',
        }}
      >
        {/* A plain heading: antd's Typography brings its editing and copying machinery to the login page. */}
        <h1
          id="login-title"
          style={{
            textAlign: 'center',
            margin: '0 0 24px',
            fontSize: 20,
            fontWeight: 600,
            lineHeight: 1.4,
            color: 'rgba(0,0,0,0.88)',
          }}
        >
          用户登录
        </h1>
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
        <Form<LoginValues>
          hidden={goesCentral}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={submitting}
        >
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder="请输入用户名"
              autoComplete="username"
              autoFocus
              size="large"
            />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              autoComplete="current-password"
              size="large"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
              登录
            </Button>
          </Form.Item>
        </Form>
        {central?.loginUrl && !goesCentral ? (
          <Button block size="large" href={central.loginUrl} style={{ marginBottom: 20 }}>
            使用统一身份认证登录
          </Button>
        ) : null}
      </section>
    </main>
  );
}

import type { ReactNode } from 'react';
import { Brand } from '../layout/brand.tsx';
import { HEADER_COLORS } from '../theme/theme.ts';

/** The sign-in screen's frame: the brand over a white card headed 用户登录, on the header's gradient. */
export function LoginCard({ children }: { children: ReactNode }) {
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
        {children}
      </section>
    </main>
  );
}

import { theme } from 'antd';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '../components/loading-indicator';
import { useScreen } from '../components/use-screen';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { EnvironmentNotice } from './environment-notice';
import { EnvironmentSwitch } from './environment-switch';
import { LanguageSwitch } from './language-switch';
import { usePageTitle } from './page-title';
import { SandboxBadge } from './sandbox-badge';

const row = { display: 'flex', alignItems: 'center', gap: 8 } as const;

/**
 * The sign-in pages: brand, environment and language on top, the page's card in the middle. Plain
 * markup rather than antd's Layout, to keep the sign-in route light.
 */
export function AuthLayout() {
  usePageTitle();
  const phone = useScreen() === 'phone';
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgLayout,
        color: token.colorText,
      }}
    >
      <LoadingIndicator />
      <header
        style={{ ...row, justifyContent: 'space-between', height: 64, padding: phone ? '0 12px' : '0 24px' }}
      >
        <div style={row}>
          <Brand />
          <SandboxBadge />
        </div>
        <div style={row}>
          <EnvironmentSwitch />
          <LanguageSwitch compact={phone} />
        </div>
      </header>
      <EnvironmentNotice />
      <main
        style={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          padding: phone ? '16px 12px' : '48px 16px',
        }}
      >
        <div style={{ width: '100%', maxWidth: 420 }}>
          <Outlet />
        </div>
      </main>
      <AppFooter />
    </div>
  );
}

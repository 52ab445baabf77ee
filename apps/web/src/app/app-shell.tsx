import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Flex, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { Session } from '../api/guard';
import { canEndImpersonation, endImpersonation, useSession, useSignedIn } from '../api/session';
import { ButtonLink } from '../components/button-link';
import { LoadingIndicator } from '../components/loading-indicator';
import { LeaveGuardHost } from '../components/use-leave-guard';
import { type Screen, useScreen } from '../components/use-screen';
import { currentLanguage } from '../i18n/i18n';
import { displayName } from '../lib/display-name';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { Breadcrumbs } from './breadcrumbs';
import { EnvironmentNotice } from './environment-notice';
import { EnvironmentSwitch } from './environment-switch';
import { LanguageSwitch } from './language-switch';
import { usePageTitle } from './page-title';
import { SandboxBadge } from './sandbox-badge';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

const SIDER_WIDTH = 220;
const SIDER_COLLAPSED = 64;

function ImpersonationBanner({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!session.impersonator) return null;
  const back = async () => {
    await endImpersonation();
    void navigate(`/${currentLanguage()}/user`);
  };
  return (
    <Alert
      type="warning"
      banner
      title={t('shell.impersonating', {
        name: displayName(session, currentLanguage()),
        by: displayName(session.impersonator, currentLanguage()),
      })}
      action={
        canEndImpersonation() ? (
          <Button size="small" onClick={() => void back()}>
            {t('shell.endImpersonation')}
          </Button>
        ) : undefined
      }
      data-testid="impersonation-banner"
    />
  );
}

function HeaderTools({ session, screen }: { session: Session | undefined; screen: Screen }) {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useSignedIn();
  const compact = screen === 'phone';
  return (
    <Flex align="center" gap={compact ? 4 : 12} style={{ flex: 'none' }}>
      <EnvironmentSwitch />
      <LanguageSwitch compact={compact} />
      {session ? (
        <UserMenu session={session} compact={compact} />
      ) : signedIn ? // Signed in, the server out of reach: no sign-in offer (the page offers Retry and Home).
      null : (
        <ButtonLink
          to={`/${currentLanguage()}/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}
          data-testid="sign-in-link"
          type="primary"
        >
          {t('shell.signIn')}
        </ButtonLink>
      )}
    </Flex>
  );
}

/**
 * The back-office frame (think Ant Design Pro): side menu by permission, header with environment,
 * language and user menu, breadcrumbs, content and footer. Phones get the menu in a drawer,
 * tablets a collapsed side menu, PCs the full one (spec §9 breakpoints).
 */
export function AppShell() {
  const { t } = useTranslation();
  usePageTitle();
  const session = useSession();
  const screen = useScreen();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(screen === 'tablet');
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => setCollapsed(screen === 'tablet'), [screen]);
  // A navigation closes the phone menu.
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const hasMenu = Boolean(session);
  const phone = screen === 'phone';

  return (
    <Layout style={{ minHeight: '100vh' }} hasSider={hasMenu && !phone}>
      <LoadingIndicator />
      <LeaveGuardHost />
      {hasMenu && !phone && session ? (
        <Layout.Sider
          theme="light"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED}
          collapsed={collapsed}
          trigger={null}
          style={{ borderInlineEnd: '1px solid rgba(5, 5, 5, 0.06)' }}
          data-testid="side-bar"
        >
          {/* The column runs the page's full height; the menu in it stays in view while the page scrolls. */}
          <div style={{ position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto' }}>
            <Flex
              align="center"
              justify={collapsed ? 'center' : 'flex-start'}
              style={{ height: 64, paddingInline: collapsed ? 0 : 20 }}
            >
              <Brand collapsed={collapsed} />
            </Flex>
            <SideMenu session={session} collapsed={collapsed} />
          </div>
        </Layout.Sider>
      ) : null}
      <Layout>
        <Layout.Header
          style={{
            borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
            position: 'sticky',
            top: 0,
            zIndex: 10,
            paddingInline: phone ? 8 : 16,
          }}
        >
          <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
            <Flex align="center" gap={phone ? 4 : 12} style={{ minWidth: 0 }}>
              {hasMenu ? (
                phone ? (
                  <Button
                    type="text"
                    icon={<MenuOutlined />}
                    onClick={() => setDrawerOpen(true)}
                    aria-label={t('shell.openMenu')}
                    data-testid="menu-button"
                  />
                ) : (
                  <Button
                    type="text"
                    icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                    onClick={() => setCollapsed((c) => !c)}
                    aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
                    aria-expanded={!collapsed}
                    data-testid="collapse-button"
                  />
                )
              ) : null}
              {!hasMenu || phone ? <Brand collapsed={phone && hasMenu} /> : null}
              <SandboxBadge />
            </Flex>
            <HeaderTools session={session} screen={screen} />
          </Flex>
        </Layout.Header>
        <EnvironmentNotice />
        {session ? <ImpersonationBanner session={session} /> : null}
        <Layout.Content style={{ padding: phone ? 12 : 16, width: '100%', minWidth: 0 }}>
          <div style={{ marginBottom: 12 }}>
            <Breadcrumbs />
          </div>
          <Outlet />
        </Layout.Content>
        <AppFooter />
      </Layout>
      {hasMenu && phone && session ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={260}
          title={<Brand />}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          <SideMenu session={session} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : null}
    </Layout>
  );
}

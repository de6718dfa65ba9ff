import { CloseOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Drawer, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageMessage } from '../../components/FullPageMessage';
import { Logo } from '../../components/Logo';
import { useLogoutConfirm } from '../../features/auth/use-logout';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { antdCssLoaded } from '../antd-css';
import { CSS_VAR_KEY } from '../theme';
import { SidebarMenu } from './SidebarMenu';
import { TopBar } from './TopBar';

/**
 * The signed-in shell. At 1024 px and wider the sidebar sits beside the page, open by default and
 * collapsible to icons; below that it is closed and opens as an overlay drawer with a close button.
 */
export function AppLayout() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const confirmLogout = useLogoutConfirm();
  const { pathname } = useLocation();
  // Read once: the sheet loaded before this chunk's promise resolved, or it will not be used (app/antd-css.ts).
  const [antdTheme] = useState(() => ({
    zeroRuntime: antdCssLoaded('console'),
    cssVar: { key: CSS_VAR_KEY },
  }));

  // A drawer left open must not reappear when the window grows and shrinks again, or on a new page.
  useEffect(() => {
    if (isDesktop) setDrawerOpen(false);
  }, [isDesktop]);
  // A new page starts at its top (BrowserRouter keeps the old scroll position otherwise).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const toggle = () => (isDesktop ? setCollapsed((c) => !c) : setDrawerOpen((o) => !o));
  const logoutFromDrawer = () => {
    setDrawerOpen(false);
    confirmLogout();
  };

  return (
    // With antd's static stylesheet loaded, antd generates no CSS in the browser for the signed-in pages.
    <ConfigProvider theme={antdTheme}>
      <Layout className="app-shell">
        {/* The first tab stop: following it focuses <main> (tabIndex -1), past the top bar and the menu. */}
        <a href="#main-content" className="skip-link">
          Skip to content
        </a>
        <TopBar
          sidebarOpen={isDesktop ? !collapsed : drawerOpen}
          onToggleSidebar={toggle}
          onLogout={confirmLogout}
        />
        <Layout hasSider={isDesktop}>
          {isDesktop ? (
            <Layout.Sider
              width={232}
              collapsedWidth={72}
              collapsed={collapsed}
              trigger={null}
              theme="light"
              className="app-sider"
              data-testid="sidebar"
            >
              <SidebarMenu onLogout={confirmLogout} />
            </Layout.Sider>
          ) : (
            <Drawer
              open={drawerOpen}
              placement="left"
              size={264}
              onClose={() => setDrawerOpen(false)}
              title={<Logo />}
              closable={false}
              extra={
                <Button
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label="Close sidebar"
                  onClick={() => setDrawerOpen(false)}
                />
              }
              styles={{ body: { padding: '8px 0' } }}
              rootClassName="app-drawer"
              data-testid="sidebar-drawer"
            >
              <SidebarMenu onLogout={logoutFromDrawer} onNavigate={() => setDrawerOpen(false)} />
            </Drawer>
          )}
          <Layout.Content className="app-content" id="main-content" tabIndex={-1}>
            <div className="app-main">
              <Suspense fallback={<FullPageMessage />}>
                <Outlet />
              </Suspense>
            </div>
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}

import { ConfigProvider, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { antdCssLoaded } from '../../app/antd-css';
import { CSS_VAR_KEY } from '../../app/theme';
import { RavenIcon } from '../../components/RavenIcon';

/** The frame of every page a signed-out person sees: the brand above a single centred card. */
export function AuthLayout() {
  // Read once: the sheet loaded before this chunk's promise resolved, or it will not be used (app/antd-css.ts).
  const [antdTheme] = useState(() => ({ zeroRuntime: antdCssLoaded('auth'), cssVar: { key: CSS_VAR_KEY } }));
  return (
    // With the signed-out pages' static stylesheet loaded, antd generates no CSS in the browser for them.
    <ConfigProvider theme={antdTheme}>
      <div className="auth-shell">
        <main className="auth-shell__main">
          <div className="auth-brand">
            <span className="auth-brand__mark">
              <RavenIcon />
            </span>
            <div>
              <div className="auth-brand__name">Jarog</div>
              <div className="auth-brand__tagline">Bhutan's bird-recording platform · Admin console</div>
            </div>
          </div>
          <div className="auth-card">
            <Suspense fallback={<Spin className="auth-card__spin" />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </ConfigProvider>
  );
}

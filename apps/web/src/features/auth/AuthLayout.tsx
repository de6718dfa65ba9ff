import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RavenIcon } from '../../components/RavenIcon';

/** The frame of every page a signed-out person sees: the brand above a single centred card. */
export function AuthLayout() {
  return (
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
  );
}

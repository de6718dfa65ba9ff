import { Spin } from 'antd';

/** The whole screen while the app cannot show anything else yet (e.g. the login check). */
export function FullPageMessage({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="full-page-message" role="status" aria-live="polite">
      <Spin />
      <span>{text}</span>
    </div>
  );
}

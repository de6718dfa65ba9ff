import { Spin } from 'antd';

/** The whole screen while the app cannot show anything else yet (e.g. the login check). */
export function FullPageMessage({
  text = 'Loading...',
  spinner = true,
}: {
  text?: string;
  spinner?: boolean;
}) {
  return (
    <div className="full-page-message" role="status" aria-live="polite">
      {spinner && <Spin />}
      <span>{text}</span>
    </div>
  );
}

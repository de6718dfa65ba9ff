import { Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Why an account may not use the console, with a way to sign in as someone else. */
export function AccountRefusedPage({ title, text }: { title: string; text: ReactNode }) {
  return (
    <Result
      status="warning"
      title={<h1 className="refused-title">{title}</h1>}
      subTitle={text}
      extra={
        <Link to="/login" className="link-button">
          Log in with a different account
        </Link>
      }
    />
  );
}

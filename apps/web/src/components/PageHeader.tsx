import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface PageHeaderProps {
  title: ReactNode;
  /** Show a back arrow: to the previous page, or to this path when the page was opened directly. */
  backTo?: string;
  extra?: ReactNode;
}

export function PageHeader({ title, backTo, extra }: PageHeaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    // 'default' is the key of the first page of a visit: there is no history entry to go back to.
    if (location.key === 'default' && backTo) void navigate(backTo);
    else void navigate(-1);
  };
  return (
    <div className="page-header">
      {backTo !== undefined && (
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={goBack} aria-label="Back" />
      )}
      <Typography.Title level={1} className="page-header__title">
        {title}
      </Typography.Title>
      {extra && <div className="page-header__extra">{extra}</div>}
    </div>
  );
}

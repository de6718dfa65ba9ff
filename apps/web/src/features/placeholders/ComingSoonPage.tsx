import { Card, Result } from 'antd';
import type { PageProps } from '../../app/route-types';
import { PageHeader } from '../../components/PageHeader';
import { RavenIcon } from '../../components/RavenIcon';

/** Stands in for a section that a later release builds. */
export function ComingSoonPage({ title }: PageProps) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <Card>
        <Result
          icon={<RavenIcon className="coming-soon__icon" />}
          title="This section is coming soon"
          subTitle={`The ${title} page is being built and will appear here in a coming release.`}
        />
      </Card>
    </div>
  );
}

import {
  CarryOutOutlined,
  ContainerOutlined,
  EnvironmentOutlined,
  ReadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { startTransition, useEffect, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { CountCards } from './CountCards';
import { DzongkhagMapCard } from './DzongkhagMapCard';
import { ExploreBirdsCard } from './ExploreBirdsCard';
import { LatestSightingsCard } from './LatestSightingsCard';
import { LeadersCard } from './LeadersCard';
import { TopBirdersCard } from './TopBirdersCard';
import '../insight.css';

const ICONS = {
  entries: <ContainerOutlined />,
  species: <ReadOutlined />,
  checklists: <CarryOutOutlined />,
  sites: <EnvironmentOutlined />,
  birders: <TeamOutlined />,
};

/**
 * 0 on the first render, then 1, 2, … up to `last`, one step per commit, each step rendered in a transition (in
 * slices): the page is drawn top first, in several short commits instead of one long task that cannot be split.
 */
function useStagedRender(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage < last) startTransition(() => setStage(stage + 1));
  }, [stage, last]);
  return stage;
}

/** Spec section 2, Dashboard: counts, leaders, the map, top birders, latest sightings, birds to explore. */
export function DashboardPage() {
  // Top first: the counts, then the leaders, then what is below the first screen on a phone.
  const stage = useStagedRender(2);
  return (
    <div className="page dashboard">
      <PageHeader title="Dashboard" />
      <CountCards icons={ICONS} />
      {stage >= 1 && (
        <div className="dashboard__grid dashboard__grid--halves">
          <LeadersCard metric="species" />
          <LeadersCard metric="checklists" />
        </div>
      )}
      {stage >= 2 && (
        <>
          <div className="dashboard__grid dashboard__grid--main-side">
            <DzongkhagMapCard />
            <TopBirdersCard />
          </div>
          <div className="dashboard__grid dashboard__grid--main-side">
            <LatestSightingsCard />
            <ExploreBirdsCard />
          </div>
        </>
      )}
    </div>
  );
}

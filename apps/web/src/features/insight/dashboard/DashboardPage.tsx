import {
  CarryOutOutlined,
  ContainerOutlined,
  EnvironmentOutlined,
  ReadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
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

/** Spec section 2, Dashboard: counts, leaders, the map, top birders, latest sightings, birds to explore. */
export function DashboardPage() {
  return (
    <div className="page dashboard">
      <PageHeader title="Dashboard" />
      <CountCards icons={ICONS} />
      <div className="dashboard__grid dashboard__grid--halves">
        <LeadersCard metric="species" />
        <LeadersCard metric="checklists" />
      </div>
      <div className="dashboard__grid dashboard__grid--main-side">
        <DzongkhagMapCard />
        <TopBirdersCard />
      </div>
      <div className="dashboard__grid dashboard__grid--main-side">
        <LatestSightingsCard />
        <ExploreBirdsCard />
      </div>
    </div>
  );
}

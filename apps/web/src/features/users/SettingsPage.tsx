import { useCurrentUser } from '../../app/current-user';
import { FlashMessage } from '../../components/FlashMessage';
import { PageHeader } from '../../components/PageHeader';
import { AdminsCard } from './AdminsCard';
import { ProfileCard } from './ProfileCard';
import { DeactivateCard, PasswordCard } from './SecurityCards';

export function SettingsPage() {
  const user = useCurrentUser();
  return (
    <div className="page page--settings">
      <PageHeader title="Settings" />
      <FlashMessage />
      <div className="settings-grid">
        <ProfileCard />
        <div className="settings-grid__side">
          <PasswordCard />
          <DeactivateCard />
        </div>
      </div>
      {user.userType === 'root-user' && <AdminsCard />}
    </div>
  );
}

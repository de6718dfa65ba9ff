import { AccountRefusedPage } from './AccountRefusedPage';

export function NotAdminPage() {
  return (
    <AccountRefusedPage
      title="You are not an admin"
      text="This account is not an admin of the Jarog platform, so it cannot use the admin console. Log in with an admin account instead."
    />
  );
}

import { AccountRefusedPage } from './AccountRefusedPage';

export function DeactivatedPage() {
  return (
    <AccountRefusedPage
      title="Your account is deactivated"
      text="This account has been deactivated and cannot log in. Ask a root admin to reactivate it, or use another account."
    />
  );
}

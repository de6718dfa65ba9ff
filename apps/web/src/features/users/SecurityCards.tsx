import { App, Button, Card, Typography } from 'antd';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { sessionEnded } from '../../app/session.slice';
import { useAppDispatch } from '../../app/store';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { useDeactivateAccountMutation } from './users.api';

export function PasswordCard() {
  return (
    <Card title="Update Password" className="settings-card">
      <div className="settings-row">
        <Typography.Text type="secondary">Change the password you use to sign in.</Typography.Text>
        <Link to="/password-update">Change</Link>
      </div>
    </Card>
  );
}

/** Self deactivation: confirmed, then the token goes and the person lands on /login. */
export function DeactivateCard() {
  const user = useCurrentUser();
  const { modal, message } = App.useApp();
  const dispatch = useAppDispatch();
  const [deactivate, { isLoading }] = useDeactivateAccountMutation();

  const confirm = () =>
    modal.confirm({
      title: 'Are you sure you want to deactivate your account?',
      content: 'You will be signed out and will not be able to sign in again.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const response = await deactivate(user.id).unwrap();
          dispatch(sessionEnded({ to: '/login', message: response.message }));
        } catch (err) {
          void message.error(errorMessage(err as ApiError));
        }
      },
    });

  return (
    <Card title="Deactivate account" className="settings-card settings-card--danger">
      <div className="settings-row">
        <Typography.Text type="secondary">
          Once you deactivate your account, there is no going back please be certain
        </Typography.Text>
        <Button danger onClick={confirm} loading={isLoading} disabled={isLoading}>
          Deactivate
        </Button>
      </div>
    </Card>
  );
}

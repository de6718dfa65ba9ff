import type { UpdatePasswordBody } from '@jarog/contracts';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { sessionEnded } from '../../app/session.slice';
import { useAppDispatch } from '../../app/store';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { required } from '../../lib/form-rules';
import { profileSaveRefusal } from './profile-rules';
import { useUpdatePasswordMutation } from './users.api';

/** Change own password; afterwards the person signs in again (spec section 4). */
export function PasswordUpdatePage() {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: UpdatePasswordBody) => {
    setError(null);
    const refusal = profileSaveRefusal(user);
    if (refusal) {
      setError(refusal);
      return;
    }
    try {
      const { message } = await updatePassword({ id: user.id, body: values }).unwrap();
      dispatch(sessionEnded({ to: '/login', message }));
    } catch (err) {
      setError(errorMessage(err as ApiError));
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader title="Update Password" backTo="/settings" />
      <Card>
        {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
        <Form<UpdatePasswordBody> layout="vertical" onFinish={onFinish} noValidate disabled={isLoading}>
          <Form.Item name="oldPassword" label="Old password" rules={[required('Old password is required')]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields
            name="newPassword"
            label="New password"
            requiredMessage="New password is required"
            confirmLabel="Confirm new password"
          />
          <Button type="primary" htmlType="submit" disabled={isLoading} loading={isLoading}>
            {isLoading ? 'Updating...' : 'Update Password'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

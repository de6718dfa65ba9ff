import { type UpdatePasswordBody, UpdatePasswordBodySchema } from '@jarog/contracts';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { sessionEnded } from '../../app/session.slice';
import { useAppDispatch } from '../../app/store';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { matchesField, required, zodRule } from '../../lib/form-rules';
import { profileSaveRefusal } from './profile-rules';
import { useUpdatePasswordMutation } from './users.api';

const fields = UpdatePasswordBodySchema.shape;

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
          <Form.Item
            name="newPassword"
            label="New password"
            rules={[required('New password is required'), zodRule(fields.newPassword)]}
          >
            <Input.Password autoComplete="new-password" placeholder="8 to 128 characters" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="Confirm new password"
            dependencies={['newPassword']}
            rules={[required('Please confirm the password'), matchesField('newPassword')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={isLoading} loading={isLoading}>
            {isLoading ? 'Updating...' : 'Update Password'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

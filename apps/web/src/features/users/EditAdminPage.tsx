import { PasswordSchema, UpdateUserBodySchema, type UserRecord } from '@jarog/contracts';
import { Alert, Button, Card, Form, Input, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { flash } from '../../components/FlashMessage';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { required, zodRule } from '../../lib/form-rules';
import {
  ADMIN_TYPE_OPTIONS,
  type EditAdminValues,
  editAdminBody,
  LOWERCASE_EMAIL_PATTERN,
} from './admin-rules';
import { useGetUserQuery, useUpdateUserMutation } from './users.api';

const fields = UpdateUserBodySchema.shape;
const STATUS_OPTIONS = [
  { value: 'activated', label: 'Activated' },
  { value: 'deactivated', label: 'Deactivated' },
];

export function EditAdminPage() {
  const { id = '' } = useParams();
  const { data: user, error, isLoading, refetch } = useGetUserQuery(id);

  return (
    <div className="page page--narrow">
      <PageHeader title="Edit Admin" backTo="/settings" />
      <Card>
        {isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
        {error && (
          <ErrorState
            message={errorMessage(error, 'Failed to load this admin.')}
            onRetry={() => void refetch()}
          />
        )}
        {user && <EditAdminForm user={user} />}
      </Card>
    </div>
  );
}

function EditAdminForm({ user }: { user: UserRecord }) {
  const navigate = useNavigate();
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: EditAdminValues) => {
    setError(null);
    try {
      const { message } = await updateUser({ id: user._id, body: editAdminBody(values) }).unwrap();
      void navigate('/settings', { state: flash(message) });
    } catch (err) {
      setError(errorMessage(err as ApiError));
    }
  };

  return (
    <Form<EditAdminValues>
      layout="vertical"
      onFinish={onFinish}
      initialValues={{
        name: user.name,
        email: user.email,
        userType: user.userType,
        status: user.isDeactivated ? 'deactivated' : 'activated',
      }}
      noValidate
      disabled={isLoading}
    >
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Form.Item name="name" label="Name" rules={[required('Name is required'), zodRule(fields.name)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="email"
        label="Email"
        rules={[
          required('Email is required'),
          { pattern: LOWERCASE_EMAIL_PATTERN, message: 'Please enter a valid email in lowercase letters' },
        ]}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="userType"
        label="User type"
        rules={[{ required: true, message: 'User type is required' }]}
      >
        <Select options={ADMIN_TYPE_OPTIONS} aria-label="User type" />
      </Form.Item>
      <Form.Item name="status" label="Account Status">
        <Select options={STATUS_OPTIONS} aria-label="Account Status" />
      </Form.Item>
      <Form.Item
        name="password"
        label="New password"
        extra="Leave empty to keep the current password."
        rules={[zodRule(PasswordSchema)]}
      >
        <Input.Password autoComplete="new-password" placeholder="Optional" />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={isLoading} loading={isLoading}>
        {isLoading ? 'Updating...' : 'Update Admin'}
      </Button>
    </Form>
  );
}

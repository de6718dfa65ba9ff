import { type RegisterAdminBody, RegisterAdminBodySchema } from '@jarog/contracts';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { flash } from '../../components/FlashMessage';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PageHeader } from '../../components/PageHeader';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { required, zodRule } from '../../lib/form-rules';
import { ADMIN_TYPE_OPTIONS } from './admin-rules';
import { useRegisterAdminMutation } from './users.api';

const fields = RegisterAdminBodySchema.shape;

export function AddAdminPage() {
  const navigate = useNavigate();
  const [registerAdmin, { isLoading }] = useRegisterAdminMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: RegisterAdminBody) => {
    setError(null);
    try {
      const { message } = await registerAdmin(values).unwrap();
      void navigate('/settings', { state: flash(message) });
    } catch (err) {
      setError(errorMessage(err as ApiError));
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader title="Register Admin User" backTo="/settings" />
      <Card>
        {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
        <Form<RegisterAdminBody>
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ userType: 'admin-user' }}
          noValidate
          disabled={isLoading}
        >
          <Form.Item name="name" label="Name" rules={[required('Name is required'), zodRule(fields.name)]}>
            <Input autoComplete="off" placeholder="Full name" />
          </Form.Item>
          <Form.Item
            name="email"
            label="Email"
            rules={[required('Email is required'), zodRule(fields.email)]}
          >
            <Input type="email" autoComplete="off" placeholder="name@example.com" />
          </Form.Item>
          <Form.Item
            name="userType"
            label="User type"
            rules={[{ required: true, message: 'User type is required' }]}
          >
            <Select options={ADMIN_TYPE_OPTIONS} aria-label="User type" />
          </Form.Item>
          <NewPasswordFields label="Password" confirmPlaceholder="Type it again" />
          <Button type="primary" htmlType="submit" disabled={isLoading} loading={isLoading}>
            {isLoading ? 'Adding Admin ...' : 'Add Admin'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

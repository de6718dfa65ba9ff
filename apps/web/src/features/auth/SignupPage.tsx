import { RegisterBodySchema } from '@jarog/contracts';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { flash } from '../../components/FlashMessage';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { required, zodRule } from '../../lib/form-rules';
import { useRegisterMutation } from './auth.api';

interface SignupForm {
  name: string;
  email: string;
  country: string;
  password: string;
}

const fields = RegisterBodySchema.shape;

/** Self-service sign-up (spec: simpler variant). It makes a plain account; success goes to /login. */
export function SignupPage() {
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: SignupForm) => {
    setError(null);
    try {
      const { message } = await register(values).unwrap();
      void navigate('/login', { state: flash(message) });
    } catch (err) {
      setError(errorMessage(err as ApiError));
    }
  };

  return (
    <>
      <Typography.Title level={1} className="auth-card__title">
        Welcome to Jarog
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Create your account to join Bhutan's community of birders and start recording sightings.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Form<SignupForm>
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        noValidate
        disabled={isLoading}
      >
        <Form.Item name="name" label="Name" rules={[required('Name is required'), zodRule(fields.name)]}>
          <Input autoComplete="name" placeholder="Your full name" />
        </Form.Item>
        <Form.Item name="email" label="Email" rules={[required('Email is required'), zodRule(fields.email)]}>
          <Input type="email" autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Form.Item
          name="country"
          label="Country"
          rules={[required('Country is required'), zodRule(fields.country)]}
        >
          <Input autoComplete="country-name" placeholder="Bhutan" />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          rules={[required('Password is required'), zodRule(fields.password)]}
        >
          <Input.Password autoComplete="new-password" placeholder="8 to 128 characters" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={isLoading} loading={isLoading}>
          {isLoading ? 'Signing Up...' : 'Sign Up'}
        </Button>
      </Form>
      <Typography.Paragraph className="auth-card__footer">
        Already have an account? <Link to="/login">Sign in</Link>
      </Typography.Paragraph>
    </>
  );
}

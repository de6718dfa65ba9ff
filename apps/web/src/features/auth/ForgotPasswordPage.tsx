import { PasswordResetRequestBodySchema } from '@jarog/contracts';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { required, zodRule } from '../../lib/form-rules';
import { useRequestPasswordResetMutation } from './auth.api';

type Outcome = { type: 'success' | 'error'; text: string };

export function ForgotPasswordPage() {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onFinish = async (values: { email: string }) => {
    setOutcome(null);
    try {
      const { message } = await requestReset(values).unwrap();
      setOutcome({ type: 'success', text: message });
    } catch (err) {
      setOutcome({ type: 'error', text: errorMessage(err as ApiError) });
    }
  };

  return (
    <>
      <Typography.Title level={1} className="auth-card__title">
        Forgot your password?
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Enter the email of your account and we will send you a link to set a new password.
      </Typography.Paragraph>
      {outcome && (
        <Alert
          type={outcome.type}
          showIcon
          title={outcome.text}
          className="form-alert"
          role={outcome.type === 'error' ? 'alert' : 'status'}
        />
      )}
      <Form<{ email: string }>
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        noValidate
        disabled={isLoading}
      >
        <Form.Item
          name="email"
          label="Email"
          rules={[required('Email is required'), zodRule(PasswordResetRequestBodySchema.shape.email)]}
        >
          <Input type="email" autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={isLoading} loading={isLoading}>
          {isLoading ? 'Submitting...' : 'Submit'}
        </Button>
      </Form>
      <Typography.Paragraph className="auth-card__footer">
        Remembered it? <Link to="/login">Back to sign in</Link>
      </Typography.Paragraph>
    </>
  );
}

import { GoogleOutlined } from '@ant-design/icons';
import type { LoginResponse } from '@jarog/contracts';
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiUrl } from '../../app/runtime-config';
import { signedIn } from '../../app/session.slice';
import { useAppDispatch } from '../../app/store';
import { FlashMessage } from '../../components/FlashMessage';
import { type ApiError, errorCode, errorMessage } from '../../lib/api-error';
import { required } from '../../lib/form-rules';
import { authApi, useGetAuthConfigQuery, useLoginMutation, useLoginSuccessMutation } from './auth.api';

interface LoginForm {
  email: string;
  password: string;
}

/** Login errors that have their own page rather than a line on the form. */
const ERROR_PAGES: Record<string, string> = {
  ACCOUNT_DEACTIVATED: '/deactivated',
  NOT_ADMIN: '/not-admin',
};

/**
 * The sign-in page is the first screen anyone loads, so it checks the e-mail with antd's own rule (same words as
 * the contracts' EmailSchema) instead of loading zod and every contract schema (~30 KiB) before it can paint.
 * The API still validates the body with LoginBodySchema.
 */
const LOGIN_EMAIL_RULES = [
  { type: 'email' as const, message: 'Please provide a valid email address' },
  { max: 254, message: 'Email is too long' },
];

export const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [login, { isLoading }] = useLoginMutation();
  const [loginSuccess, { isLoading: isFinishingGoogle }] = useLoginSuccessMutation();
  const { data: config } = useGetAuthConfigQuery();
  // The API sends a refused or failed Google sign-in back here with ?error=google.
  const [error, setError] = useState<string | null>(() =>
    params.get('error') === 'google' ? GOOGLE_FAILED : null,
  );
  const googleReturn = params.get('google') === '1';
  const googleHandled = useRef(false);

  const finish = async (response: LoginResponse) => {
    // Seed the login check with what the server just said, so the shell opens without a second 'Loading...'.
    await dispatch(
      authApi.util.upsertQueryData('checkLoggedIn', response.token, { valid: true, user: response.user }),
    );
    dispatch(signedIn(response.token));
    void navigate('/', { replace: true });
  };

  const fail = (err: ApiError) => {
    const page = ERROR_PAGES[errorCode(err) ?? ''];
    if (page) void navigate(page);
    else setError(errorMessage(err));
  };

  // Back from Google: trade the session cookie for a token.
  useEffect(() => {
    if (!googleReturn || googleHandled.current) return;
    googleHandled.current = true;
    loginSuccess()
      .unwrap()
      .then(finish, fail)
      .catch(() => undefined);
  });

  const onFinish = async (values: LoginForm) => {
    setError(null);
    try {
      await finish(await login(values).unwrap());
    } catch (err) {
      fail(err as ApiError);
    }
  };

  const pending = isLoading || isFinishingGoogle;

  return (
    <>
      <Typography.Title level={1} className="auth-card__title">
        Sign in
      </Typography.Title>
      <Typography.Paragraph type="secondary">Sign in to manage Bhutan's bird records.</Typography.Paragraph>
      <FlashMessage />
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Form<LoginForm>
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        noValidate
        disabled={pending}
      >
        <Form.Item name="email" label="Email" rules={[required('Email is required'), ...LOGIN_EMAIL_RULES]}>
          <Input type="email" autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={[required('Password is required')]}>
          <Input.Password autoComplete="current-password" placeholder="Your password" />
        </Form.Item>
        <div className="auth-card__row-end">
          <Link to="/forgot-password">Forgot Password?</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" disabled={pending} loading={pending}>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </Form>
      {config?.googleEnabled && (
        <>
          <Divider plain>or</Divider>
          <Button
            block
            size="large"
            icon={<GoogleOutlined />}
            href={`${apiUrl}/auth/google`}
            disabled={pending}
          >
            Sign in with Google
          </Button>
        </>
      )}
      <Typography.Paragraph className="auth-card__footer">
        Don't have an account? <Link to="/signup">Sign up</Link>
      </Typography.Paragraph>
    </>
  );
}

import type { CheckLoggedInResponse, CurrentUser } from '@jarog/contracts';
import { type ApiError, errorCode, errorStatus } from '../lib/api-error';
import type { SessionRedirect } from './session.slice';

export type SessionOutcome =
  | { kind: 'anonymous' }
  | { kind: 'pending' }
  | { kind: 'signed-in'; user: CurrentUser }
  /** The token must go; `redirect` is where to send the person, if anywhere in particular. */
  | { kind: 'ended'; redirect?: SessionRedirect };

export interface LoginCheck {
  token: string | null;
  data: CheckLoggedInResponse | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
}

/** The login-check rules of spec section 4, as one pure decision. */
export function sessionOutcome({ token, data, error, isLoading }: LoginCheck): SessionOutcome {
  if (!token) return { kind: 'anonymous' };
  if (error) {
    if (errorStatus(error) === 403 && errorCode(error) === 'ACCOUNT_DEACTIVATED') {
      return { kind: 'ended', redirect: { to: '/deactivated' } };
    }
    return { kind: 'ended' };
  }
  if (isLoading || !data) return { kind: 'pending' };
  if (!data.valid) return { kind: 'ended' };
  if (data.user.isDeactivated) return { kind: 'ended', redirect: { to: '/deactivated' } };
  if (data.user.userType === 'user') return { kind: 'ended', redirect: { to: '/not-admin' } };
  return { kind: 'signed-in', user: data.user };
}

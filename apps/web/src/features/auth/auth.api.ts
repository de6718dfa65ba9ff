import type {
  AuthConfigResponse,
  CheckLoggedInResponse,
  LoginBody,
  LoginResponse,
  MessageResponse,
  PasswordResetBody,
  PasswordResetRequestBody,
  RegisterBody,
} from '@jarog/contracts';
import { api } from '../../app/api';

export interface ResetLink {
  id: string;
  token: string;
}

const resetPath = ({ id, token }: ResetLink) =>
  `/api/v1/password-reset/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthConfig: build.query<AuthConfigResponse, void>({ query: () => '/auth/config' }),
    /** Keyed by token, so a new sign-in never reads the previous account's answer. */
    checkLoggedIn: build.query<CheckLoggedInResponse, string>({
      query: () => '/auth/checkLoggedIn',
      providesTags: ['Me'],
    }),
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    /** After the Google redirect: trades the session cookie for a token. */
    loginSuccess: build.mutation<LoginResponse, void>({
      query: () => ({ url: '/auth/login/success', method: 'GET' }),
    }),
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    register: build.mutation<MessageResponse, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<MessageResponse, PasswordResetRequestBody>({
      query: (body) => ({ url: '/api/v1/password-reset', method: 'POST', body }),
    }),
    verifyResetLink: build.query<MessageResponse, ResetLink>({ query: resetPath }),
    resetPassword: build.mutation<MessageResponse, ResetLink & PasswordResetBody>({
      query: ({ id, token, ...body }) => ({ url: resetPath({ id, token }), method: 'POST', body }),
    }),
  }),
});

export const {
  useGetAuthConfigQuery,
  useCheckLoggedInQuery,
  useLoginMutation,
  useLoginSuccessMutation,
  useLogoutMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useVerifyResetLinkQuery,
  useResetPasswordMutation,
} = authApi;

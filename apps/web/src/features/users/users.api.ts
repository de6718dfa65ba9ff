import type {
  MessageResponse,
  PageQuery,
  RegisterAdminBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  UpdateUserBody,
  UserRecord,
  UsersListResponse,
} from '@jarog/contracts';
import { api, LIST } from '../../app/api';

const userTag = (id: string) => ({ type: 'User' as const, id });
const usersList = { type: 'User' as const, id: LIST };
// The API writes an activity-log line for admin changes, so those refresh the log too.
const notificationsList = { type: 'Notification' as const, id: LIST };

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdmins: build.query<UsersListResponse, PageQuery>({
      query: (params) => ({ url: '/users', params }),
      providesTags: (result) => [usersList, ...(result?.users.map((u) => userTag(u._id)) ?? [])],
    }),
    getUser: build.query<UserRecord, string>({
      query: (idOrEmail) => `/users/${encodeURIComponent(idOrEmail)}`,
      providesTags: (_result, _error, id) => [userTag(id)],
    }),
    registerAdmin: build.mutation<MessageResponse, RegisterAdminBody>({
      query: (body) => ({ url: '/auth/register-admin', method: 'POST', body }),
      invalidatesTags: [usersList, notificationsList],
    }),
    updateUser: build.mutation<MessageResponse, { id: string; body: UpdateUserBody }>({
      query: ({ id, body }) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [usersList, userTag(id), notificationsList, 'Me'],
    }),
    deleteUser: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [usersList, userTag(id), notificationsList],
    }),
    deactivateAccount: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}/deactivate`, method: 'PATCH' }),
    }),
    updateProfile: build.mutation<
      { message: string; data: UserRecord },
      { id: string; body: UpdateProfileBody }
    >({
      query: ({ id, body }) => ({
        url: `/users/${encodeURIComponent(id)}/update-profile`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['Me', usersList, userTag(id)]),
    }),
    updatePassword: build.mutation<MessageResponse, { id: string; body: UpdatePasswordBody }>({
      query: ({ id, body }) => ({
        url: `/users/${encodeURIComponent(id)}/update-password`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const {
  useListAdminsQuery,
  useGetUserQuery,
  useRegisterAdminMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useDeactivateAccountMutation,
  useUpdateProfileMutation,
  useUpdatePasswordMutation,
} = usersApi;

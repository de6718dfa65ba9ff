import type { NotificationsResponse, PageQuery } from '@jarog/contracts';
import { api, LIST } from '../../app/api';

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationsResponse, PageQuery>({
      query: (params) => ({ url: '/notifications', params }),
      providesTags: [{ type: 'Notification', id: LIST }],
    }),
  }),
});

export const { useListNotificationsQuery } = notificationsApi;

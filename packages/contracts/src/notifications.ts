import { z } from 'zod';
import { pageQuery } from './common';

export const NotificationSchema = z.object({
  _id: z.string(),
  message: z.string(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The activity log pages 10 at a time (spec section 9). */
export const NotificationsQuerySchema = pageQuery(10);
export const NotificationsResponseSchema = z.object({
  limit: z.number(),
  page: z.number(),
  notificationsTotal: z.number(),
  notifications: z.array(NotificationSchema),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

export const CreateNotificationBodySchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(1000, 'Message must be at most 1000 characters'),
});
export type CreateNotificationBody = z.input<typeof CreateNotificationBodySchema>;

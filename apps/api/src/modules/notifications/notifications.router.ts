import { CreateNotificationBodySchema, NotificationsQuerySchema } from '@jarog/contracts';
import { currentUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import type { RegisterRoutes } from '../../routes';
import { listActivity, recordActivity } from './notifications.service';

export const registerNotificationRoutes: RegisterRoutes = (t, ctx) => {
  t.add('get', '/notifications', 'admin', async (req, res) => {
    const q = parse(NotificationsQuerySchema, req.query);
    res.json(await listActivity(ctx.database.db, q.page, q.limit));
  });

  // Kept for the documented client; the server records the caller beside the text it sends.
  t.add('post', '/notifications', 'admin', async (req, res) => {
    const body = parse(CreateNotificationBodySchema, req.body);
    const actor = currentUser(req);
    await recordActivity(ctx.database.db, actor, body.message);
    res.status(201).json({ message: 'Notification recorded' });
  });
};

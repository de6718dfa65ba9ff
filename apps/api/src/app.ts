import { randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AppContext } from './context';
import { compressJson } from './lib/encoding';
import { errorHandler, notFoundHandler } from './middleware/errors';
import {
  mediaMethods,
  methodNotAllowed,
  noStoreWhenSignedIn,
  rejectMalformed,
  rejectNul,
} from './middleware/hygiene';
import { registerAuthRoutes } from './modules/auth/auth.router';
import { registerDocsRoutes } from './modules/docs/docs.router';
import { registerExportRoutes } from './modules/exports/exports.router';
import { registerHealthRoutes } from './modules/health/health.router';
import { registerInsightRoutes } from './modules/insight/insight.router';
import { registerLocationRoutes } from './modules/locations/locations.router';
import { registerMobileAccountRoutes } from './modules/mobile/mobile.router';
import { registerNotificationRoutes } from './modules/notifications/notifications.router';
import { registerPasswordResetRoutes } from './modules/password-reset/password-reset.router';
import { registerRecordsIngestRoutes } from './modules/records/ingest.router';
import { registerRecordsReviewRoutes } from './modules/records/review.router';
import { registerReviewRoutes } from './modules/review/review.router';
import { registerSpeciesRoutes } from './modules/species/species.router';
import { registerUserRoutes } from './modules/users/users.router';
import { type RegisterRoutes, RouteTable } from './routes';

/** Feature route groups, in mount order. A new feature adds its register function here. */
const FEATURES: RegisterRoutes[] = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerPasswordResetRoutes,
  registerUserRoutes,
  registerNotificationRoutes,
  registerSpeciesRoutes,
  registerLocationRoutes,
  registerMobileAccountRoutes,
  registerInsightRoutes,
  registerRecordsIngestRoutes,
  registerRecordsReviewRoutes,
  registerExportRoutes,
  registerReviewRoutes,
  registerDocsRoutes,
];

/** Largest JSON body: room for a 10 MB photo as a base64 data URL. */
const JSON_LIMIT = '15mb';

/** Builds the Express app without listening, so tests drive it through supertest. */
export function createApp(ctx: AppContext): { app: Express; routes: RouteTable['routes'] } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.env.trustProxy);
  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) ?? randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' },
    }),
  );
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(compressJson);
  app.use(
    cors({
      origin: (origin, cb) => cb(null, !origin || ctx.env.corsOrigins.includes(origin)),
      credentials: true,
      exposedHeaders: ['Content-Disposition', 'Retry-After', 'x-request-id', 'ETag', 'X-Dwca-Events'],
      maxAge: 600,
      // A preflight gets its CORS headers here and its answer from the routes: 204 with Allow on a known
      // path (methodNotAllowed), 404 on an unknown one. Answering it here would leave out Allow.
      preflightContinue: true,
    }),
  );
  app.use(rejectMalformed);
  app.use(express.json({ limit: JSON_LIMIT, type: ['application/json', 'application/*+json'] }));
  app.use(rejectNul);
  app.use(cookieParser());
  app.use(noStoreWhenSignedIn);
  app.use('/media', mediaMethods);
  app.use(
    '/media',
    express.static(ctx.mediaDir, {
      fallthrough: false,
      immutable: true,
      maxAge: '365d',
      dotfiles: 'deny',
      index: false,
    }),
  );

  const table = new RouteTable(app, ctx);
  for (const register of FEATURES) register(table, ctx);

  app.use(methodNotAllowed(table.routes));
  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));
  return { app, routes: table.routes };
}

// In-app notifications under /api/notifications: the caller's own list, newest first, and marking read.
import {
  dataEnvelope,
  ZErrorResponse,
  ZNotification,
  ZNotificationIdParam,
  ZNotificationList,
  ZNotificationsQuery,
  ZNotificationsReadAll,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import type { NotificationService } from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearerAuth: [] }];

export function notificationRoutes(service: NotificationService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    const tags = ['notifications'];

    app.get(
      '/',
      {
        schema: {
          tags,
          security,
          summary: 'Newest first (optionally unread only), with the unread count',
          querystring: ZNotificationsQuery,
          response: { 200: dataEnvelope(ZNotificationList), ...errors },
        },
      },
      async (request) => ({ data: await service.list(requireAuth(request), request.query) }),
    );

    app.post(
      '/read-all',
      {
        schema: {
          tags,
          security,
          summary: 'Mark every notification read',
          response: { 200: dataEnvelope(ZNotificationsReadAll), ...errors },
        },
      },
      async (request) => ({ data: await service.markAllRead(requireAuth(request)) }),
    );

    app.post(
      '/:id/read',
      {
        schema: {
          tags,
          security,
          summary: 'Mark one notification read',
          params: ZNotificationIdParam,
          response: { 200: dataEnvelope(ZNotification), ...errors },
        },
      },
      async (request) => ({ data: await service.markRead(requireAuth(request), request.params.id) }),
    );
  };
}

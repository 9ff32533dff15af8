// In-app notifications under /api/notifications: the caller's own list, newest first, and marking read.
import {
  dataEnvelope,
  ZNotification,
  ZNotificationIdParam,
  ZNotificationList,
  ZNotificationsQuery,
  ZNotificationsReadAll,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errors, secured } from '../../plugins/route-schema.ts';
import type { NotificationService } from './service.ts';

export function notificationRoutes(service: NotificationService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    const route = secured('notifications');

    app.get(
      '/',
      {
        schema: {
          ...route,
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
          ...route,
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
          ...route,
          summary: 'Mark one notification read',
          params: ZNotificationIdParam,
          response: { 200: dataEnvelope(ZNotification), ...errors },
        },
      },
      async (request) => ({ data: await service.markRead(requireAuth(request), request.params.id) }),
    );
  };
}

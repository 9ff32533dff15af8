// In-app notifications under /api/notifications: the caller's own list, newest first, and marking read. Schemas:
// the contract's endpoint map.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { secured } from '../../plugins/route-schema.ts';
import type { NotificationService } from './service.ts';

export function notificationRoutes(service: NotificationService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    const doc = (summary: string) => ({ schema: { ...secured('notifications'), summary } });

    route(
      app,
      'GET /notifications',
      doc('Newest first (optionally unread only), with the unread count'),
      async (request) => ({ data: await service.list(requireAuth(request), request.query) }),
    );
    route(app, 'POST /notifications/read-all', doc('Mark every notification read'), async (request) => ({
      data: await service.markAllRead(requireAuth(request)),
    }));
    route(app, 'POST /notifications/{id}/read', doc('Mark one notification read'), async (request) => ({
      data: await service.markRead(requireAuth(request), request.params.id),
    }));
  };
}

// The notifications module's surface: what other modules and the wiring may import (docs/modules.md).

export { createDeliveryService, DAILY_EMAIL_JOB, type DeliveryService, PUSH_JOB } from './delivery.ts';
export { deliveryRoutes } from './delivery-routes.ts';
export { createPushSender, generateVapidKeys, isVapidKey, type VapidKeys } from './push.ts';
export { notificationRoutes } from './routes.ts';
export { createNotificationService, type NotificationService } from './service.ts';

// Query keys and freshness of device connections (docs/devices.md, "Web").
export const deviceKeys = {
  all: ['devices'] as const,
  list: ['devices', 'list'] as const,
};

/** Connection status keeps 30 minutes (docs/devices.md, 'Web'); every device write refreshes it. */
export const DEVICES_STALE_MS = 30 * 60 * 1000;

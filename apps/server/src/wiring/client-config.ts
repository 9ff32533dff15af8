// The body of GET /api/v1/client-config (modules/health/routes.ts): the map tiles, the operator's words and
// what this server can do, so the public pages promise only what is configured (docs/screens.md,
// "Operator settings").
import type { ClientConfig, Operator } from '@stamina/contract';
import { garminProvider, stravaProvider, UNCONFIGURED } from '../modules/devices/index.ts';
import type { AppConfig } from './context.ts';

/** Every operator setting unset: what tests and a bare deployment tell the web app. */
const NO_OPERATOR: Operator = {
  name: null,
  legal_updated: null,
  governing_law: null,
  support_email: null,
  support_url: null,
  community_url: null,
  docs_url: null,
  feedback_url: null,
};

export function clientConfig(config: AppConfig): ClientConfig {
  const devices = config.devices ?? UNCONFIGURED;
  // A provider is usable once its client id and secret are set: the same rule as its `missing` list.
  const providers = [garminProvider(devices.garmin), stravaProvider(devices.strava)];
  return {
    map_tile_url: config.mapTileUrl ?? null,
    map_tile_attribution: config.mapTileAttribution ?? null,
    operator: config.operator ?? NO_OPERATOR,
    features: {
      device_providers: providers.filter((p) => p.missing.length === 0).map((p) => p.name),
      language_model: Boolean(config.llm),
    },
  };
}

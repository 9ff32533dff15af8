// The athlete's profile and avatar (docs/profile.md).
import { avatarRoutes } from '../modules/athletes/avatar-routes.ts';
import { athleteRoutes } from '../modules/athletes/routes.ts';
import { createAthleteService } from '../modules/athletes/service.ts';
import type { Wiring } from './context.ts';

export async function wireAthletes({ app, config, db, authenticate }: Wiring) {
  const athleteService = createAthleteService(db, { fileStore: config.fileStore, log: app.log });
  await app.register(athleteRoutes(athleteService, authenticate), { prefix: '/api/athletes' });
  await app.register(avatarRoutes(athleteService, authenticate), { prefix: '/api/athletes' });
  return { athleteService };
}

// The athlete's profile and avatar (docs/profile.md).
import { athleteRoutes, avatarRoutes, createAthleteService } from '../modules/athletes/index.ts';
import type { Wiring } from './context.ts';

export async function wireAthletes({ app, config, db, authenticate }: Wiring) {
  const athleteService = createAthleteService(db, { fileStore: config.fileStore, log: app.log });
  await app.register(athleteRoutes(athleteService, authenticate), { prefix: '/api/athletes' });
  await app.register(avatarRoutes(athleteService, authenticate), { prefix: '/api/athletes' });
  return { athleteService };
}

// The API shape of a user: the account plus the athlete's profile fields as user_metadata.
import type { User } from '@stamina/contract';
import type { UserWithAthlete } from './repository.ts';

export function toUser({ user, athlete }: UserWithAthlete): User {
  return {
    id: user.id,
    athlete_id: athlete.id,
    email: user.email,
    name: user.name,
    user_metadata: {
      name: user.name,
      birthday: athlete.birthday,
      gender: athlete.gender as User['user_metadata']['gender'],
      primarySports: athlete.primarySports as NonNullable<User['user_metadata']['primarySports']>,
      goalEvent: athlete.goalEvent as User['user_metadata']['goalEvent'],
      goalDate: athlete.goalDate,
      language: athlete.language,
      timezone: athlete.timezone,
      units: athlete.units,
      weekStart: athlete.weekStart,
    },
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

// PUT /api/athletes/me: layout style, widget order and visibility, notification preferences; only the fields
// sent change. The profile is read with the dashboard's query (features/dashboard/api, the allowed read of
// another feature's api/), so a save here refreshes the dashboard's widget grid too.
import type { AthleteProfileUpdateRequest } from '@stamina/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export { useAthleteProfile } from '../dashboard/athlete-profile.ts';
export { athleteKeys } from '../dashboard/keys.ts';

export function useUpdateAthleteProfile() {
  return useMutation({
    mutationFn: async (changes: AthleteProfileUpdateRequest) =>
      (await api.request('PUT /athletes/me', { body: changes })).data,
  });
}

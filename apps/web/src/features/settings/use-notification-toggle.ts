// One notification switch of the athlete profile, saved in the background: it shows its new state at once and
// flips back with a toast if the save fails (docs/dashboard.md, "Athlete profile"; docs/notifications.md).
import type { AthleteProfile } from '@stamina/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  athleteKeys,
  useAthleteProfile,
  useUpdateAthleteProfile,
} from '../../api/settings/update-athlete-profile.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';

export type NotificationKey = keyof AthleteProfile['notification_preferences'];

export function useNotificationToggle() {
  const profile = useAthleteProfile();
  const update = useUpdateAthleteProfile();
  const client = useQueryClient();

  async function toggle(key: NotificationKey, value: boolean) {
    await client.cancelQueries({ queryKey: athleteKeys.me });
    const before = client.getQueryData<AthleteProfile>(athleteKeys.me);
    if (before) {
      client.setQueryData<AthleteProfile>(athleteKeys.me, {
        ...before,
        notification_preferences: { ...before.notification_preferences, [key]: value },
      });
    }
    try {
      const saved = await update.mutateAsync({ notification_preferences: { [key]: value } });
      client.setQueryData(athleteKeys.me, saved);
    } catch (error) {
      // Put back only this toggle: another one may have been saved meanwhile.
      const now = client.getQueryData<AthleteProfile>(athleteKeys.me);
      if (now && before) {
        client.setQueryData<AthleteProfile>(athleteKeys.me, {
          ...now,
          notification_preferences: {
            ...now.notification_preferences,
            [key]: before.notification_preferences[key],
          },
        });
      }
      toast.error(
        `Could not save your notification preference${error instanceof ApiError ? `: ${error.message}` : ''}`,
      );
    }
  }

  return { profile, preferences: profile.data?.notification_preferences, toggle };
}

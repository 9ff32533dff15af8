// The profile picture (docs/profile.md, "Profile picture"): GET /api/athletes/me/avatar needs the bearer token,
// which an <img src> cannot send, so the picture is fetched through the API client as a blob, keyed by the
// avatar_version of GET /api/athletes/me, and shown from an object URL. Upload (PUT) and removal (DELETE) update
// that version in the cached profile, so every avatar on screen changes at once.
import type { AthleteProfile } from '@stamina/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { useAthleteProfile } from '../dashboard/athlete-profile.ts';
import { athleteKeys } from '../dashboard/keys.ts';
import { profileKeys } from './keys.ts';

/** What the upload accepts (the server judges by content; this only filters the file picker). */
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** An object URL of the athlete's picture, or null without one (or while it loads, or when it fails). */
export function useAvatarUrl(): string | null {
  const version = useAthleteProfile().data?.avatar_version ?? null;
  const picture = useQuery({
    queryKey: profileKeys.avatar(version ?? 'none'),
    queryFn: async () => (await api.download('GET /athletes/me/avatar')).blob,
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const blob = version !== null ? picture.data : undefined;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

function setVersion(client: ReturnType<typeof useQueryClient>, version: string | null) {
  client.setQueryData<AthleteProfile>(athleteKeys.me, (profile) =>
    profile ? { ...profile, avatar_version: version } : profile,
  );
  return client.invalidateQueries({ queryKey: athleteKeys.me });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return (await api.request('PUT /athletes/me/avatar', { body: form, timeoutMs: 60_000 })).data;
    },
    onSuccess: (avatar) => setVersion(client, avatar.avatar_version),
  });
}

export function useRemoveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.request('DELETE /athletes/me/avatar')).data,
    onSuccess: () => setVersion(client, null),
  });
}

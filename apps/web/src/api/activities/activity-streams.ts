// GET /api/activities/{id}/streams: the 1 Hz samples behind the charts and the map.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { activityKeys, STREAMS_STALE_MS } from './keys.ts';

function activityStreamsQuery(id: string) {
  return queryOptions({
    queryKey: activityKeys.streams(id),
    queryFn: async () => (await api.request('GET /activities/{id}/streams', { params: { id } })).data,
    staleTime: STREAMS_STALE_MS,
  });
}

export function useActivityStreams(id: string, enabled = true) {
  return useQuery({ ...activityStreamsQuery(id), enabled });
}

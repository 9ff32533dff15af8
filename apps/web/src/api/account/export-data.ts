// "Download my data" (docs/account.md): POST starts the export job; its status is polled every second while it
// is queued or running, then holds the download link (which works without the bearer token until it expires).
import type { AccountExport } from '@stamina/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { accountKeys, EXPORT_POLL_MS } from './keys.ts';

export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.request('POST /athletes/me/exports')).data,
    onSuccess: (row) => client.setQueryData(accountKeys.export(row.id), row),
  });
}

const building = (row: AccountExport | undefined) => row?.status === 'queued' || row?.status === 'running';

export function useExportStatus(id: string | null) {
  return useQuery({
    queryKey: accountKeys.export(id ?? 'none'),
    queryFn: async () =>
      (await api.request('GET /athletes/me/exports/{exportId}', { params: { exportId: id ?? '' } })).data,
    enabled: id !== null,
    refetchInterval: (query) => (building(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

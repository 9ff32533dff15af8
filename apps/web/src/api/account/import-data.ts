// POST /api/athletes/me/import (docs/account.md, "Importing an export"): a Stamina export into a fresh account.
// Everything the athlete sees may change, so every cached read is dropped afterwards. The POST answers only
// once the import has ended; meanwhile GET /api/athletes/me/import tells its progress (rows written of all),
// polled every second while the upload is pending or the import runs.
import type { AccountImportProgress } from '@stamina/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { accountKeys, IMPORT_POLL_MS } from './keys.ts';

/** The server's limit, checked here too so a large file is refused before it is sent. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

export function useImportData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return (await api.request('POST /athletes/me/import', { body: form, timeoutMs: 300_000 })).data;
    },
    onSuccess: () => client.invalidateQueries(),
  });
}

/** The account's latest import, or null when none was ever started. */
async function latestImport(): Promise<AccountImportProgress | null> {
  return (await api.request('GET /athletes/me/import')).data;
}

/** The latest import's progress, asked for every second while `uploading` or while it runs. */
export function useImportProgress(uploading: boolean) {
  return useQuery({
    queryKey: accountKeys.import,
    queryFn: latestImport,
    refetchInterval: (query) =>
      uploading || query.state.data?.status === 'running' ? IMPORT_POLL_MS : false,
  });
}

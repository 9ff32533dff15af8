// POST /api/athletes/me/import (docs/account.md, "Importing an export"): a Stamina export into a fresh account.
// Everything the athlete sees may change, so every cached read is dropped afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

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

// POST /api/metrics/import?dry_run=true|false with the CSV in the multipart field `file`. A dry run writes
// nothing and answers the report; the real run writes every row in one transaction, or none if any is rejected.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';

/** Parsing and validating up to 20,000 rows can take longer than an ordinary read. */
const IMPORT_TIMEOUT_MS = 60_000;

export function useImportWellness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return (
        await api.request('POST /metrics/import', {
          body: form,
          idempotencyKey: newIdempotencyKey(),
          query: { dry_run: dryRun ? 'true' : 'false' },
          timeoutMs: IMPORT_TIMEOUT_MS,
        })
      ).data;
    },
    onSuccess: (report) => {
      if (!report.dry_run && report.imported > 0) return invalidateAfter(client, 'wellness');
      return undefined;
    },
  });
}

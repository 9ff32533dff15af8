// The wellness CSV import (docs/wellness.md "CSV import"): the whole file is read and checked by core's
// parseWellnessCsv first; a dry run or any rejected row writes nothing, otherwise every row lands in one
// transaction through the store's many-days write (its FTP and threshold pace to the dated threshold store), the
// same write path as a device provider's.
import type { WellnessImportReport, WellnessUpsertRequest } from '@stamina/contract';
import { parseWellnessCsv } from '@stamina/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as repo from './repository.ts';
import type { WellnessStore } from './store.ts';

const PREVIEW_ROWS = 20;

export function createWellnessImport(db: Db, store: Pick<WellnessStore, 'upsertProviderDays'>) {
  return {
    /**
     * The CSV import. Reads and checks the whole file first; a dry run, or a file with any rejected row,
     * writes nothing (the report lists every rejected line). Otherwise every row lands in one transaction,
     * and the hook runs once, for the latest day of the file.
     */
    async importCsv(auth: AuthContext, text: string, dryRun: boolean): Promise<WellnessImportReport> {
      const parsed = parseWellnessCsv(text);
      if (parsed.error) throw new AppError('VALIDATION_FAILED', parsed.error);
      if (parsed.too_many_rows)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The file has ${parsed.data_lines} rows; import at most 20,000 at a time (split the file)`,
        );
      const dates = parsed.rows.map((r) => r.values.date);
      const existing = await repo.existingDates(db, auth.athleteId, dates);
      const report: WellnessImportReport = {
        dry_run: dryRun,
        rows_total: parsed.data_lines,
        rows_valid: parsed.rows.length,
        rows_updating: dates.filter((d) => existing.has(d)).length,
        imported: 0,
        columns: parsed.columns,
        ignored_columns: parsed.ignored_columns,
        rejected: parsed.rejected,
        preview: parsed.rows.slice(0, PREVIEW_ROWS).map((r) => r.values as WellnessUpsertRequest),
      };
      if (dryRun) return report;
      if (report.rejected.length > 0)
        throw new AppError(
          'VALIDATION_FAILED',
          `${report.rejected.length} of ${report.rows_total} rows were rejected, so nothing was imported: fix them and upload again`,
          report,
        );
      if (parsed.rows.length === 0) throw new AppError('VALIDATION_FAILED', 'The file has no rows to import');
      await store.upsertProviderDays(
        auth.athleteId,
        parsed.rows.map((r) => r.values as WellnessUpsertRequest),
      );
      return { ...report, imported: parsed.rows.length };
    },
  };
}

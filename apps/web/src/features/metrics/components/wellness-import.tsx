// CSV import of wellness history in two steps: choosing a file runs a dry run (nothing written) and shows
// what would land (counts, a preview, ignored columns, rejected rows with their line); Import then sends the
// same file for real. The server writes the whole file in one transaction or nothing, so a file with any
// rejected row cannot be imported until it is fixed.
import {
  WELLNESS_CSV_MAX_BYTES,
  WELLNESS_CSV_MAX_ROWS,
  WELLNESS_RANGES,
  type WellnessImportReport,
} from '@stamina/contract';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useImportWellness } from '../../../api/metrics/import-wellness.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const ACCEPTED_COLUMNS = ['date', ...Object.keys(WELLNESS_RANGES), 'notes'];
const PREVIEW_ROWS = 5;
const MEGABYTES = WELLNESS_CSV_MAX_BYTES / (1024 * 1024);

type Step =
  | { kind: 'idle' }
  | { kind: 'checked'; file: File; report: WellnessImportReport }
  | { kind: 'done'; report: WellnessImportReport };

export function WellnessImport() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const upload = useImportWellness();

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setError(null);
    setStep({ kind: 'idle' });
    if (!file) return;
    // Checked here too, so a too-large file is refused before it is uploaded.
    if (file.size > WELLNESS_CSV_MAX_BYTES) {
      setError(`${file.name} is larger than ${MEGABYTES} MB. Split it into smaller files.`);
      return;
    }
    try {
      const report = await upload.mutateAsync({ file, dryRun: true });
      setStep({ kind: 'checked', file, report });
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function onImport() {
    if (step.kind !== 'checked') return;
    setError(null);
    try {
      const report = await upload.mutateAsync({ file: step.file, dryRun: false });
      if (report.imported === 0) {
        setStep({ kind: 'checked', file: step.file, report });
        setError('Nothing was imported: fix the rejected rows and choose the file again.');
        return;
      }
      setStep({ kind: 'done', report });
      toast.success(`Imported ${report.imported} ${report.imported === 1 ? 'day' : 'days'} of wellness`);
      if (inputRef.current) inputRef.current.value = '';
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  function onStartOver() {
    setStep({ kind: 'idle' });
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby={`${inputId}-title`} className="space-y-4">
        <div>
          <h2 id={`${inputId}-title`} className="text-base font-semibold">
            Import wellness history
          </h2>
          <p className="text-sm text-muted-foreground">
            A CSV file with a header row, one day per row, up to {MEGABYTES} MB and{' '}
            {WELLNESS_CSV_MAX_ROWS.toLocaleString('en-US')} rows. You see a check of the file first; nothing
            is saved until you press Import, and then every row is saved or none is.
          </p>
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Accepted columns</summary>
          <p className="mt-2 text-muted-foreground">
            <code>date</code> (YYYY-MM-DD) is required. Any of these may follow:{' '}
            {ACCEPTED_COLUMNS.slice(1).map((column, i) => (
              <span key={column}>
                {i > 0 ? ', ' : ''}
                <code>{column}</code>
              </span>
            ))}
            . Common export names such as rmssd, rhr or sleep_duration are recognised too; other columns are
            ignored. A date that already has an entry is updated with the file's values.
          </p>
        </details>
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium">
            CSV file
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={onChoose}
            disabled={upload.isPending}
            className="block w-full text-sm file:mr-3 file:h-9 file:rounded-lg file:border file:border-input file:bg-background file:px-3 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </div>
        {upload.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {step.kind === 'checked' ? 'Importing…' : 'Checking the file…'}
          </p>
        ) : null}
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {step.kind === 'checked' ? (
          <DryRunReport report={step.report} fileName={step.file.name}>
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={onImport}
                disabled={upload.isPending || step.report.rejected.length > 0 || step.report.rows_valid === 0}
              >
                <FileUp className="h-4 w-4" aria-hidden="true" />
                Import {step.report.rows_valid} {step.report.rows_valid === 1 ? 'row' : 'rows'}
              </Button>
              <Button variant="outline" onClick={onStartOver} disabled={upload.isPending}>
                Choose another file
              </Button>
            </div>
          </DryRunReport>
        ) : null}
        {step.kind === 'done' ? (
          <Alert variant="success">
            Imported {step.report.imported} {step.report.imported === 1 ? 'day' : 'days'}
            {step.report.rows_updating > 0 ? ` (${step.report.rows_updating} updated existing days)` : ''}.
            Your charts now include them.
          </Alert>
        ) : null}
      </section>
    </Card>
  );
}

function DryRunReport({
  report,
  fileName,
  children,
}: {
  report: WellnessImportReport;
  fileName: string;
  children: ReactNode;
}) {
  const rejected = report.rejected.length;
  const preview = report.preview.slice(0, PREVIEW_ROWS);
  // The preview rows are keyed by the stored field names, whatever the file's headers were called ('rhr'
  // arrives as resting_hr), so the table's columns are the fields present, in the accepted order.
  const columns = ACCEPTED_COLUMNS.filter(
    (c) => c === 'date' || preview.some((row) => row[c as keyof typeof row] != null),
  );
  return (
    <section className="space-y-3" aria-label={`Check of ${fileName}`}>
      <ul className="flex flex-wrap gap-1.5" aria-label="File check">
        <li>
          <Badge>{report.rows_total} rows</Badge>
        </li>
        <li>
          <Badge variant="success">{report.rows_valid} valid</Badge>
        </li>
        <li>
          <Badge>{report.rows_updating} update existing days</Badge>
        </li>
        <li>
          <Badge variant={rejected > 0 ? 'warning' : 'neutral'}>{rejected} rejected</Badge>
        </li>
      </ul>
      {report.ignored_columns.length > 0 ? (
        <p className="text-sm text-muted-foreground">Ignored columns: {report.ignored_columns.join(', ')}</p>
      ) : null}
      {rejected > 0 ? (
        <div className="space-y-2">
          <Alert variant="destructive">
            {rejected} {rejected === 1 ? 'row is' : 'rows are'} rejected. The file is imported whole or not at
            all: fix {rejected === 1 ? 'it' : 'them'} and choose the file again.
          </Alert>
          <div className="max-h-48 overflow-auto rounded-lg border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Rejected rows</caption>
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rejected.map((row) => (
                  <tr key={`${row.line}-${row.reason}`} className="border-t border-border">
                    <td className="px-3 py-1.5 tabular-nums">{row.line}</td>
                    <td className="px-3 py-1.5">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {preview.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="px-3 py-1.5 text-left text-xs text-muted-foreground">
              First {preview.length} of {report.rows_valid} valid rows
            </caption>
            <thead className="bg-muted">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-1.5 font-medium whitespace-nowrap">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.map((row) => (
                <tr key={row.date} className="border-t border-border">
                  {columns.map((column) => {
                    const value = (row as Record<string, unknown>)[column];
                    return (
                      <td key={column} className="px-3 py-1.5 tabular-nums whitespace-nowrap">
                        {value === null || value === undefined ? '—' : String(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {children}
    </section>
  );
}

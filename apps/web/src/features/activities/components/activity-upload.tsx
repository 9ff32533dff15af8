// Drag-and-drop upload of recordings (docs/activities.md, "Web"): a dropzone that is also a button opening a
// hidden file input. Each drop is one upload with a progress bar per file, then each file's status from the
// import batch until every file is imported, a duplicate or failed, with a link to its activity. A Strava or
// Garmin Connect archive goes alone to the archive import, and a batch of many recordings shows its progress as
// one bar with counts, listing only the files that failed.
import type { ImportFile, ImportFileStatus } from '@stamina/contract';
import { AlertCircle, CheckCircle2, Copy, Loader2, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isPlatformArchive, uploadArchive } from '../../../api/activities/archive.ts';
import { useImportBatch } from '../../../api/activities/import-batch.ts';
import {
  ACTIVITY_FILE_EXTENSIONS,
  isActivityFile,
  uploadActivities,
} from '../../../api/activities/mutations.ts';
import { Card } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';

interface Drop {
  key: number;
  files: { name: string; size: number }[];
  /** Fraction of each file sent, 0–1. */
  progress: number[];
  batchId: string | null;
  error: string | null;
  /** Files left out because of their type. */
  skipped: string[];
}

const STATUS_TEXT: Record<ImportFileStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  imported: 'Imported',
  duplicate: 'Duplicate',
  failed: 'Failed',
};

const ACCEPT = ACTIVITY_FILE_EXTENSIONS.join(',');

export function ActivityUpload({ compact = false }: { compact?: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [drops, setDrops] = useState<Drop[]>([]);
  const nextKey = useRef(0);

  function update(key: number, change: Partial<Drop>) {
    setDrops((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));
  }

  /** A Strava or Garmin Connect archive: one upload of its own, to the archive import. */
  function startArchive(file: File) {
    const key = nextKey.current++;
    const drop: Drop = {
      key,
      files: [{ name: file.name, size: file.size }],
      progress: [0],
      batchId: null,
      error: null,
      skipped: [],
    };
    setDrops((d) => [drop, ...d]);
    uploadArchive(file, (fraction) => update(key, { progress: [fraction] }))
      .then((batch) => update(key, { batchId: batch.batch_id, progress: [1] }))
      .catch((err: unknown) => update(key, { error: errorMessage(err) }));
  }

  function start(list: FileList | File[]) {
    const chosen = Array.from(list);
    for (const archive of chosen.filter(isPlatformArchive)) startArchive(archive);
    const all = chosen.filter((f) => !isPlatformArchive(f));
    const files = all.filter((f) => isActivityFile(f.name));
    const skipped = all.filter((f) => !isActivityFile(f.name)).map((f) => f.name);
    if (all.length === 0) return;
    const key = nextKey.current++;
    const drop: Drop = {
      key,
      files: files.map((f) => ({ name: f.name, size: f.size })),
      progress: files.map(() => 0),
      batchId: null,
      error: null,
      skipped,
    };
    setDrops((d) => [drop, ...d]);
    if (files.length === 0) return;
    uploadActivities(files, (progress) => update(key, { progress }))
      .then((batch) => update(key, { batchId: batch.batch_id, progress: files.map(() => 1) }))
      .catch((err: unknown) => update(key, { error: errorMessage(err) }));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) start(event.dataTransfer.files);
  }

  return (
    <div className="space-y-3">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-6 text-center transition-colors',
          'focus-within:ring-2 focus-within:ring-ring',
          dragging ? 'border-primary bg-accent' : 'border-border bg-card hover:bg-muted',
          compact && 'p-4',
        )}
      >
        <Upload className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">Drop activity files here, or choose files</span>
        <span id={hintId} className="text-sm text-muted-foreground">
          FIT, GPX or TCX recordings, gzip copies (.fit.gz) and zip archives of them, or the whole archive
          Strava ("Download your data") or Garmin Connect (data export) sends you
        </span>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={hintId}
          aria-label="Upload activity files"
          className="sr-only"
          onChange={(event) => {
            if (event.target.files?.length) start(event.target.files);
            event.target.value = '';
          }}
        />
      </label>
      {drops.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-3">
          {drops.map((drop) => (
            <li key={drop.key}>
              <DropStatus drop={drop} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function DropStatus({ drop }: { drop: Drop }) {
  const batch = useImportBatch(drop.batchId);
  const files = batch.data?.files;
  return (
    <Card className="p-3">
      {drop.skipped.length > 0 ? (
        <p className="mb-2 text-sm text-destructive">
          Not a FIT, GPX, TCX, gzip or zip file, left out: {drop.skipped.join(', ')}
        </p>
      ) : null}
      {drop.error ? (
        <div role="alert" className="space-y-1">
          <p className="flex items-center gap-2 text-sm font-medium text-destructive">
            <AlertCircle className="h-4 w-4" aria-hidden="true" />
            Upload failed: {drop.error}
          </p>
          <ul className="text-sm text-muted-foreground">
            {drop.files.map((f) => (
              <li key={f.name}>{f.name}</li>
            ))}
          </ul>
        </div>
      ) : files && files.length > MANY_FILES ? (
        <BatchProgress files={files} />
      ) : files ? (
        <ul className="divide-y divide-border" aria-live="polite">
          {files.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two members of a zip may share a name; the order is fixed.
            <li key={`${file.name}-${index}`} className="py-2 first:pt-0 last:pb-0">
              <ImportedFileRow file={file} />
            </li>
          ))}
        </ul>
      ) : drop.files.length > 0 ? (
        <ul className="space-y-2">
          {drop.files.map((file, index) => {
            const percent = Math.round((drop.progress[index] ?? 0) * 100);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: two dropped files may share a name; the order is fixed.
              <li key={`${file.name}-${index}`} className="space-y-1">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 truncate font-medium">{file.name}</span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    {drop.batchId ? 'Uploaded' : `Uploading ${percent}%`}
                  </span>
                </div>
                <ProgressBar value={percent} label={`Upload of ${file.name}`} size="sm" />
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}

/** Past this many files, a batch shows one bar and its counts rather than a row per file. */
const MANY_FILES = 12;
/** Failed files listed under the bar, at most. */
const FAILED_LISTED = 20;

/** An archive's batch: the archive's own row, a bar of the recordings settled, the counts, and what failed. */
function BatchProgress({ files }: { files: ImportFile[] }) {
  const [head, ...members] = files;
  const count = (status: ImportFileStatus) => members.filter((f) => f.status === status).length;
  const settled = members.length - count('queued') - count('processing');
  const percent = members.length === 0 ? 0 : Math.round((settled / members.length) * 100);
  const failed = members.filter((f) => f.status === 'failed');
  return (
    <div className="space-y-2" aria-live="polite">
      {head ? <ImportedFileRow file={head} /> : null}
      <ProgressBar value={percent} label={`Recordings read: ${settled} of ${members.length}`} size="sm" />
      <p className="text-sm tabular-nums text-muted-foreground">
        {settled} of {members.length} recordings read: {count('imported')} imported, {count('duplicate')}{' '}
        already stored, {failed.length} failed
      </p>
      {failed.length > 0 ? (
        <ul aria-label="Files that failed" className="divide-y divide-border">
          {failed.slice(0, FAILED_LISTED).map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two members may share a name; the order is fixed.
            <li key={`${file.name}-${index}`} className="py-2 first:pt-0 last:pb-0">
              <ImportedFileRow file={file} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ImportedFileRow({ file }: { file: ImportFile }) {
  const pending = file.status === 'queued' || file.status === 'processing';
  const Icon = pending
    ? Loader2
    : file.status === 'failed'
      ? AlertCircle
      : file.status === 'duplicate'
        ? Copy
        : CheckCircle2;
  const tone =
    file.status === 'failed'
      ? 'text-destructive'
      : file.status === 'imported'
        ? 'text-success'
        : 'text-muted-foreground';
  return (
    <div className="flex flex-wrap items-start gap-x-3 gap-y-1 text-sm">
      <Icon className={cn('mt-0.5 h-4 w-4 shrink-0', tone, pending && 'animate-spin')} aria-hidden="true" />
      <span className="min-w-0 flex-1 break-all font-medium">{file.name}</span>
      <span className={cn('shrink-0 font-medium', tone)}>{STATUS_TEXT[file.status]}</span>
      {file.activity_id && (file.status === 'imported' || file.status === 'duplicate') ? (
        <Link
          to={`/activities/${file.activity_id}`}
          aria-label={`${file.status === 'duplicate' ? 'View existing activity' : 'View activity'} from ${file.name}`}
          className="shrink-0 font-medium text-primary underline-offset-4 hover:underline"
        >
          {file.status === 'duplicate' ? 'View existing activity' : 'View activity'}
        </Link>
      ) : null}
      {file.message ? <p className="basis-full pl-7 text-muted-foreground">{file.message}</p> : null}
    </div>
  );
}

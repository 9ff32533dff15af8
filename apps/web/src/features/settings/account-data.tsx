// Preferences & Account: "Download my data", "Import data" and Delete Account (docs/account.md). The export is
// built by the server in the background; its progress is polled and its link works until it expires. An import's
// progress (rows written of all) is polled while its upload is answered and while it runs. Delete
// Account asks for the password in the confirmation dialog of docs/account.md, then signs out and shows the
// purge date.
import { Download, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberDeletion, useDeleteAccount } from '../../api/account/delete-account.ts';
import { useExportStatus, useStartExport } from '../../api/account/export-data.ts';
import { IMPORT_MAX_BYTES, useImportData, useImportProgress } from '../../api/account/import-data.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogHeader } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { toast } from '../../lib/toast.ts';

const DELETE_DIALOG_TITLE = 'Are you sure?';
const DELETE_DIALOG_TEXT =
  'This action cannot be undone. This will permanently delete your account and remove all your data from our servers.';

const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function YourDataCard() {
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useStartExport();
  const status = useExportStatus(exportId);
  const row = status.data ?? start.data;

  async function onExport() {
    try {
      const started = await start.mutateAsync();
      setExportId(started.id);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Card className="space-y-5 p-5">
      <div>
        <h2 className="text-lg font-semibold">Your Data</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Take everything with you: a zip of all your records (JSON), your workouts, wellness and activities
          as CSV, and your original activity files.
        </p>
      </div>
      <div className="space-y-3">
        <Button
          variant="outline"
          onClick={onExport}
          disabled={start.isPending || row?.status === 'queued' || row?.status === 'running'}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download my data
        </Button>
        {row && (row.status === 'queued' || row.status === 'running') ? (
          <div className="space-y-1" aria-live="polite">
            <ProgressBar value={row.percent} label="Export progress" />
            <p className="text-sm text-muted-foreground">Preparing your export… {row.percent}%</p>
          </div>
        ) : null}
        {row?.status === 'ready' && row.download_url ? (
          <p className="text-sm" aria-live="polite">
            Your export is ready.{' '}
            <a href={row.download_url} download className="font-medium text-primary underline">
              Download the zip
            </a>
            {row.expires_at ? ` (the link works until ${formatDateTime(row.expires_at)})` : null}
          </p>
        ) : null}
        {row?.status === 'failed' ? <Alert variant="destructive">{row.message}</Alert> : null}
        {row?.status === 'expired' ? (
          <p className="text-sm text-muted-foreground">This export has expired. Start a new one.</p>
        ) : null}
      </div>
      <ImportData />
    </Card>
  );
}

function ImportData() {
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportData();
  const progress = useImportProgress(upload.isPending);
  const running = progress.data?.status === 'running' ? progress.data : null;
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = upload.isPending || running !== null;

  async function onFile(file: File | undefined) {
    setProblem(null);
    setDone(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem('The export is larger than 100 MB');
      return;
    }
    try {
      const report = await upload.mutateAsync(file);
      setDone(report.message);
      toast.success(report.message);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="space-y-2 border-t border-border pt-4">
      <h3 className="font-medium">Import data</h3>
      <p className="text-sm text-muted-foreground">
        Moving from another Stamina server? Upload its export zip into this new account.
      </p>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        className="sr-only"
        id="import-export-file"
        aria-label="Export zip file"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <Button variant="outline" disabled={busy} onClick={() => input.current?.click()}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Importing…' : 'Import data'}
      </Button>
      {busy ? (
        <div className="space-y-1" aria-live="polite">
          {running ? (
            <>
              <ProgressBar value={running.percent} label="Import progress" />
              <p className="text-sm text-muted-foreground">
                Importing your data… {running.percent}% ({running.rows_done.toLocaleString()} of{' '}
                {running.rows_total.toLocaleString()} rows)
              </p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Uploading your export…</p>
          )}
          {progress.isError ? (
            <p className="text-sm text-muted-foreground">
              The progress cannot be shown right now ({errorMessage(progress.error)}); the import goes on.
            </p>
          ) : null}
        </div>
      ) : null}
      {problem ? <Alert variant="destructive">{problem}</Alert> : null}
      {done ? (
        <p className="text-sm" role="status">
          {done}
        </p>
      ) : null}
    </div>
  );
}

export function DeleteAccountButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete Account
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent layout="sheet" width={32}>
          <DialogHeader size="xl" title={DELETE_DIALOG_TITLE} description={DELETE_DIALOG_TEXT} />
          {open ? <DeleteAccountForm onCancel={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const remove = useDeleteAccount();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    try {
      const deletion = await remove.mutateAsync(password);
      // The server has ended every session already; this clears the one kept in this browser, and the sign-in
      // page it leads to says when the data goes.
      rememberDeletion(deletion.purge_after.slice(0, 10));
      await signOut().catch(() => {});
      // Cancelling the deletion at sign-in brings the athlete back here, where they asked for it.
      navigate('/login', { replace: true, state: { from: location.pathname } });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <p className="text-sm">
        Your data is removed for good 7 days after you confirm. Until then, logging in lets you cancel the
        deletion.
      </p>
      {problem ? <Alert variant="destructive">{problem}</Alert> : null}
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending || password === ''}>
          {remove.isPending ? 'Deleting…' : 'Delete Account'}
        </Button>
      </div>
    </form>
  );
}

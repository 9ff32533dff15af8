// /settings/devices (docs/devices.md, "Web"): a card per provider: Garmin (the wearable), Strava, Apple Health
// and Google Fit. Each shows a Connected or Disconnected badge and the last sync ('Never' until one); a
// connected provider has Sync Now (with the toasts and counts of docs/devices.md, "Sync"), the auto-sync
// switch and Disconnect behind a confirmation; a provider the server lacks settings for says so and what to set.
// Apple Health's card uploads the athlete's export; Google Fit's says how to bring its files in.
import type { Device } from '@stamina/contract';
import { useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { AlertTriangle, CheckCircle2, Circle, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { isAppleHealthExport, uploadAppleHealthExport } from '../../api/activities/apple-health.ts';
import { useImportBatch } from '../../api/activities/import-batch.ts';
import { startDeviceConnect } from '../../api/devices/connect.ts';
import { useDevices } from '../../api/devices/devices.ts';
import { DEVICE_TOASTS, syncToast } from '../../api/devices/messages.ts';
import { useDisconnectDevice, useSetAutoSync } from '../../api/devices/settings.ts';
import { useSyncNow } from '../../api/devices/sync.ts';
import { invalidateAfter } from '../../api/invalidation.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent, DialogHeader } from '../../components/ui/dialog.tsx';
import { PageError } from '../../components/ui/page-error.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';

/** 'Never', or how long ago, with the exact time for a tooltip. */
export function lastSyncText(lastSync: string | null, now = new Date()): string {
  if (!lastSync) return 'Never';
  const at = new Date(lastSync);
  return at > now ? 'just now' : formatDistanceToNow(at, { addSuffix: true });
}

export function DeviceSettings() {
  const devices = useDevices();
  return (
    <>
      <PageHeader
        title="Device Connections"
        description="Connect your watch and apps: new activities arrive on their own, and your last 90 days come in on the first connection."
      />
      {devices.isPending ? (
        <Spinner label="Loading device connections" />
      ) : devices.isError ? (
        <PageError
          title="Device connections could not be loaded"
          message={errorMessage(devices.error)}
          retry={devices}
        />
      ) : (
        <div className="grid gap-4">
          {devices.data.map((device) => (
            <ProviderCard key={device.id} device={device} />
          ))}
          <AppleHealthCard />
          <FileOnlyCard
            name="Google Fit"
            description="Activities from Android phones and Wear OS"
            text="Google Fit offers no connection for new apps. In Google Takeout, export Fit: its Activities folder holds one TCX file per workout. Upload those files, or a zip of the folder, on Activities."
          >
            <Link to="/activities" className={buttonClasses('outline')}>
              Upload on Activities
            </Link>
          </FileOnlyCard>
        </div>
      )}
    </>
  );
}

function StatusBadge({ connected }: { connected: boolean }) {
  return connected ? (
    <Badge variant="success">
      <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />
      Connected
    </Badge>
  ) : (
    <Badge>
      <Circle className="h-3.5 w-3.5" aria-hidden="true" />
      Disconnected
    </Badge>
  );
}

function CardFrame({
  name,
  description,
  connected,
  lastSync,
  children,
}: {
  name: string;
  description: string;
  connected: boolean;
  lastSync: string | null;
  children: ReactNode;
}) {
  const headingId = `device-${name.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="p-5" aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {name}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <StatusBadge connected={connected} />
      </div>
      <p className="mt-3 text-sm">
        <span className="text-muted-foreground">Last sync: </span>
        <time
          dateTime={lastSync ?? undefined}
          title={lastSync ? new Date(lastSync).toLocaleString() : undefined}
        >
          {lastSyncText(lastSync)}
        </time>
      </p>
      <div className="mt-4 space-y-3">{children}</div>
    </Card>
  );
}

function FileOnlyCard({
  name,
  description,
  text,
  children,
}: {
  name: string;
  description: string;
  text: string;
  children?: ReactNode;
}) {
  const textId = useId();
  return (
    <CardFrame name={name} description={description} connected={false} lastSync={null}>
      <p id={textId} className="text-sm text-muted-foreground">
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        {/* Off for good on the web; the text above says why and what to do instead. */}
        <Button variant="outline" disabled aria-describedby={textId}>
          Connect
        </Button>
        {children}
      </div>
    </CardFrame>
  );
}

export const APPLE_HEALTH_TOASTS = {
  imported: 'Apple Health Imported',
  failed: 'Import Failed',
} as const;

/**
 * Apple Health has no web connection: the athlete uploads the export.zip their iPhone makes. The upload shows
 * its progress, the import runs in the background, and a toast gives its outcome (docs/devices.md, "Apple
 * Health").
 */
function AppleHealthCard() {
  const client = useQueryClient();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const batch = useImportBatch(batchId);
  const file = batch.data?.files[0];

  useEffect(() => {
    if (!batch.data?.done || !file) return;
    if (file.status === 'failed') {
      toast.error(APPLE_HEALTH_TOASTS.failed, { description: file.message ?? undefined });
    } else {
      toast.success(APPLE_HEALTH_TOASTS.imported, { description: file.message ?? undefined });
      void invalidateAfter(client, 'wellness');
    }
    setBatchId(null);
  }, [batch.data?.done, file, client]);

  async function upload(chosen: File) {
    if (!isAppleHealthExport(chosen.name)) {
      toast.error(APPLE_HEALTH_TOASTS.failed, {
        description: 'Choose the export.zip (or export.xml) that Apple Health made.',
      });
      return;
    }
    setProgress(0);
    try {
      const started = await uploadAppleHealthExport(chosen, setProgress);
      setBatchId(started.batch_id);
    } catch (err) {
      toast.error(APPLE_HEALTH_TOASTS.failed, { description: errorMessage(err) });
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null || batchId !== null;
  return (
    <FileOnlyCard
      name="Apple Health"
      description="Workouts, heart rate, HRV and sleep from your iPhone"
      text="Apple Health cannot be connected from the web. On your iPhone, open Health, tap your picture, choose Export All Health Data, and upload the export.zip here: workouts with their routes, HRV (SDNN), resting heart rate and sleep come in."
    >
      <input
        id={inputId}
        type="file"
        accept=".zip,.xml,application/zip,text/xml"
        className="sr-only"
        disabled={busy}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void upload(chosen);
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonClasses('primary'),
          'cursor-pointer focus-within:ring-2',
          busy && 'pointer-events-none opacity-50',
        )}
      >
        Upload export.zip
      </label>
      {progress !== null && (
        <div className="w-full space-y-1">
          <ProgressBar value={progress * 100} label="Uploading the Apple Health export" />
          <p className="text-sm text-muted-foreground">Uploading: {Math.round(progress * 100)}%</p>
        </div>
      )}
      {batchId !== null && (
        <p className="w-full text-sm text-muted-foreground" role="status">
          Importing your Apple Health data: a large export takes a few minutes.
        </p>
      )}
    </FileOnlyCard>
  );
}

function ProviderCard({ device }: { device: Device }) {
  const [connecting, setConnecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const sync = useSyncNow();
  const autoSync = useSetAutoSync();
  const disconnect = useDisconnectDevice();
  const runBusy = device.last_run?.status === 'queued' || device.last_run?.status === 'running';
  const notConfiguredId = useId();

  async function connect() {
    setConnecting(true);
    try {
      await startDeviceConnect(device.provider, '/settings/devices');
    } catch (err) {
      setConnecting(false);
      toast.error(DEVICE_TOASTS.connectionFailed, { description: errorMessage(err) });
    }
  }

  function syncNow() {
    sync.mutate(device.provider, {
      onSuccess: (run) => {
        const t = syncToast(run);
        toast[t.kind](t.title, { description: t.text });
      },
      onError: () =>
        toast.error(DEVICE_TOASTS.syncFailed, { description: DEVICE_TOASTS.syncFailedText(device.provider) }),
    });
  }

  function confirmDisconnect() {
    disconnect.mutate(device.provider, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(DEVICE_TOASTS.disconnected, { description: `${device.name} is no longer connected.` });
      },
      onError: () =>
        toast.error(DEVICE_TOASTS.disconnectFailed, {
          description: DEVICE_TOASTS.disconnectFailedText(device.provider),
        }),
    });
  }

  const linked = device.status === 'connected' || device.status === 'error';
  return (
    <CardFrame
      name={device.name}
      description={device.description}
      connected={device.connected}
      lastSync={device.lastSync}
    >
      {device.status === 'not_configured' ? (
        <Alert id={notConfiguredId}>
          Not configured on this server. To offer it, the server needs {device.missing_config.join(' and ')}{' '}
          (see the configuration in the README).
        </Alert>
      ) : null}
      {device.status === 'error' && device.last_error ? (
        <Alert variant="destructive">
          <span className="inline-flex items-center gap-2">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            {device.last_error}
          </span>
        </Alert>
      ) : null}
      {device.status === 'connected' && device.withheld.length > 0 ? (
        <p className="text-sm text-muted-foreground">{withheldText(device.name, device.withheld)}</p>
      ) : null}
      {device.status === 'connected' && device.backoff_until ? (
        <p className="text-sm text-muted-foreground">
          {device.last_error ? `${device.last_error}. ` : ''}Automatic sync resumes{' '}
          {formatDistanceToNow(new Date(device.backoff_until), { addSuffix: true })}.
        </p>
      ) : null}
      {device.backfill?.running ? (
        <div>
          <p className="mb-1 text-sm">
            Importing your last 90 days: {device.backfill.done} of {device.backfill.total} activities
          </p>
          <ProgressBar
            value={device.backfill.done}
            max={Math.max(1, device.backfill.total)}
            label="Import of the last 90 days"
          />
        </div>
      ) : null}
      {device.status === 'connected' ? (
        <div className="flex items-center gap-3">
          <Switch
            checked={device.autoSync}
            disabled={autoSync.isPending}
            onCheckedChange={(on) => autoSync.mutate({ provider: device.provider, autoSync: on })}
            aria-label={`Auto-sync ${device.name}`}
          />
          <span className="text-sm">Auto-sync every {device.sync_interval_minutes} minutes</span>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {device.status === 'connected' ? (
          <Button onClick={syncNow} disabled={sync.isPending || runBusy}>
            <RefreshCw
              className={cn('h-4 w-4', (sync.isPending || runBusy) && 'animate-spin')}
              aria-hidden="true"
            />
            {sync.isPending || runBusy ? 'Syncing…' : 'Sync Now'}
          </Button>
        ) : null}
        {device.status === 'error' ||
        device.status === 'disconnected' ||
        device.status === 'not_configured' ? (
          <Button
            variant={device.status === 'error' ? 'outline' : 'primary'}
            onClick={connect}
            disabled={connecting || device.status === 'not_configured'}
            aria-describedby={device.status === 'not_configured' ? notConfiguredId : undefined}
          >
            {connecting ? 'Connecting…' : device.status === 'error' ? 'Connect again' : 'Connect'}
          </Button>
        ) : null}
        {linked ? (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        ) : null}
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent layout="alert">
          <DialogHeader
            title={<>Disconnect {device.name}?</>}
            description={
              <>
                New activities will no longer arrive from {device.name}. Activities already imported stay.
                Stamina's access is withdrawn at {device.name} and its keys are deleted.
              </>
            }
          />
          <div className="mt-5 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirmDisconnect} disabled={disconnect.isPending}>
              {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </CardFrame>
  );
}

/** What the athlete has stopped the provider sharing, and where to allow it again. */
export function withheldText(name: string, withheld: readonly ('activities' | 'wellness')[]): string {
  const what = withheld
    .map((kind) => (kind === 'activities' ? 'activities' : 'wellness data (HRV, resting heart rate, sleep)'))
    .join(' or ');
  return `${name} is not sharing your ${what} with Stamina: allow it again in ${name}'s settings for connected apps.`;
}

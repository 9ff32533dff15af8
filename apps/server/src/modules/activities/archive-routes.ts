// POST /api/activities/import/archive (docs/activities.md, "Platform archives"): one "file" part, a Strava or
// Garmin Connect archive (or any zip of recordings), streamed into the file store; 202 with the import batch,
// whose rows (GET /api/activities/imports/{batch_id}) show each recording's outcome as the job reads them. The
// route's shape: plugins/staged-upload-route.ts.
import type { Authenticate } from '../../plugins/authenticate.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { stagedUploadRoute } from '../../plugins/staged-upload-route.ts';
import type { ArchiveImport } from './archive-import.ts';

export function archiveRoutes(
  service: ArchiveImport,
  hooks: { authenticate: Authenticate; claimUpload: ClaimUpload },
) {
  return stagedUploadRoute(service, hooks, {
    endpoint: 'POST /activities/import/archive',
    what: 'the archive',
    summary:
      'Upload a Strava "Download your data" zip or a Garmin Connect export (one multipart "file" part): every recording imported in the background with its name, description and gear, duplicates skipped; 202 with the batch',
  });
}

// POST /api/activities/import/apple-health (docs/devices.md, "Apple Health"): one "file" part, the export.zip
// or export.xml, streamed into the file store; 202 with the import batch, whose status
// (GET /api/activities/imports/{batch_id}) reports the job's outcome. The route's shape: plugins/staged-upload-route.ts.
import type { Authenticate } from '../../plugins/authenticate.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { stagedUploadRoute } from '../../plugins/staged-upload-route.ts';
import type { AppleHealthService } from './service.ts';

export function appleHealthRoutes(
  service: AppleHealthService,
  hooks: { authenticate: Authenticate; claimUpload: ClaimUpload },
) {
  return stagedUploadRoute(service, hooks, {
    endpoint: 'POST /activities/import/apple-health',
    what: 'the export',
    summary:
      'Upload Apple Health\'s export.zip (or export.xml) as one multipart "file" part: workouts with their routes, HRV (SDNN), resting heart rate and sleep, imported in the background; 202 with the batch',
  });
}

// What an import's file comes to and what a platform archive says of it: shared by the import path
// (import-store.ts, archive-import.ts) and the CPU pool's tasks (workers/tasks.ts). It imports nothing, so the
// workers read it without loading the module's services (docs/modules.md).

/** An activity's name, description and gear from a platform archive (Strava's activities.csv). */
export interface ArchiveMeta {
  name?: string;
  description?: string;
  gear?: string;
}

/** The outcome of one file, as its import_files row records it. */
export type Outcome =
  | { status: 'imported'; activityIds: string[]; message?: string }
  | { status: 'duplicate'; message: string; activityIds: string[] }
  | { status: 'failed'; message: string };

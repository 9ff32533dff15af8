// Query keys of data ownership (docs/account.md): an export's status, polled while it is being built, and the
// latest import's progress, polled while it runs.
export const accountKeys = {
  all: ['account'] as const,
  export: (id: string) => ['account', 'export', id] as const,
  import: ['account', 'import'] as const,
};

/** How often a running export's progress is asked for. */
export const EXPORT_POLL_MS = 1000;

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 1000;

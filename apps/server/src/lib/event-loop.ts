// Letting the event loop serve other requests in the middle of long work (docs/RELIABILITY.md, "Imports and the
// event loop"): between two batches of an import, and before every PGlite query (db/client.ts), whose work
// runs on this thread.

/** Resolves after one turn of the event loop: the I/O and timers waiting now run first. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

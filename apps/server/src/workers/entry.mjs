// The entry of a CPU pool worker thread (workers/pool.ts). A worker thread starts as plain Node, without the
// loader the server was started with, so it registers tsx itself and then loads the TypeScript tasks the way
// `npm start` loads the server (node --import tsx): the same under npm start, vitest and the system suites.
import { threadId } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runTask } = await import('./tasks.ts');

/** One task: its output, and the thread that computed it (the pool counts them for its stats). */
export default async function run({ name, input, port }) {
  const output = await runTask(name, input, port);
  return { threadId, output };
}

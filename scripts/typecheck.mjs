// `npm run typecheck`: `tsc --noEmit` over every workspace's tsconfig, one per core at a time (docs/performance.md,
// "CI time"). The workspaces export TypeScript source, so each tsc run reads core and contract again; run one after
// the other they left a core idle for about 2 minutes. A failing project's output is printed whole, and the exit
// code is 1 when any failed.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';

const PROJECTS = [
  'apps/web/tsconfig.json',
  'apps/server/tsconfig.json',
  'bench/tsconfig.json',
  'e2e/tsconfig.json',
  'packages/core/tsconfig.json',
  'packages/contract/tsconfig.json',
  'apps/web/tsconfig.sw.json',
];

function check(project) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('tsc', ['--noEmit', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (err) => resolve({ project, ok: false, output: String(err), seconds: 0 }));
    child.on('close', (code) =>
      resolve({ project, ok: code === 0, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, Math.min(cpus().length, queue.length)) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      results.push(result);
      console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${project} (${result.seconds.toFixed(1)} s)`);
      if (!result.ok) console.log(result.output);
    }
  }),
);
process.exit(results.every((r) => r.ok) ? 0 : 1);

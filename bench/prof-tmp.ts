import { signUpAndConfirm } from './lib/api.ts';
import { seedTwoYears } from './lib/calendar.ts';
import { cleanupAll } from './lib/proc.ts';
import { startStamina } from './lib/servers.ts';
const root = new URL('..', import.meta.url).pathname;
const s = await startStamina(root);
const token = await signUpAndConfirm(s);
await seedTwoYears(s.baseUrl, token);
const to = new Date(); const from = new Date(to); from.setUTCDate(to.getUTCDate() - 34);
const url = `${s.baseUrl}/api/workout-planning/calendar?date_from=${from.toISOString().slice(0,10)}&date_to=${to.toISOString().slice(0,10)}`;
const times: number[] = [];
let size = 0;
for (let i = 0; i < 200; i++) {
  const t0 = performance.now();
  const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await r.text(); size = body.length;
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log('bytes', size, 'median', times[100]!.toFixed(2), 'p99', times[198]!.toFixed(2));
await cleanupAll();
process.exit(0);

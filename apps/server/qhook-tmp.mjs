import { PGlite } from '@electric-sql/pglite';
import { writeFileSync } from 'node:fs';
const stats = new Map();
let on = false;
for (const m of ['query', 'exec']) {
  const orig = PGlite.prototype[m];
  PGlite.prototype[m] = async function (q, ...rest) {
    const t = performance.now();
    try { return await orig.call(this, q, ...rest); }
    finally { if (on) { const k = String(q).replace(/\s+/g, ' ').slice(0, 300); const s = stats.get(k) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t; stats.set(k, s); } }
  };
}
let n = 0;
process.on('SIGUSR2', () => { n++; if (n === 1) on = true; else { on = false; writeFileSync('/tmp/prof/queries.txt', [...stats].sort((a, b) => b[1].ms - a[1].ms).map(([k, s]) => `${s.n}\t${(s.ms / s.n).toFixed(3)}ms\t${k}`).join('\n')); } });

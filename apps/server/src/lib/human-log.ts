// The log as a person reads it on a terminal (LOG_FORMAT=pretty, the default when stdout is a terminal):
// one short line per entry, the time, the level when it is not plain information, and the message. A request
// reads `GET /api/dashboard 200 4 ms`; an error adds its message and the first frames of its stack. Production
// keeps pino's JSON lines (LOG_FORMAT=json, the default when stdout is a pipe or a file). docs/operations.md, "Logs".

export type LogFormat = 'json' | 'pretty';

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Fastify's own start lines: our "Stamina is running on …" says the same once. */
const DROPPED = /^Server listening at /;

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

function clock(time: number | undefined): string {
  const at = new Date(time ?? Date.now());
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** One JSON log line as the line a person reads, or null for a line not worth their time. */
export function humanLine(json: string): string | null {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.trimEnd();
  }
  const msg = entry.msg ?? '';
  if (DROPPED.test(msg)) return null;
  const level = LEVELS[entry.level ?? 30];
  const parts = [clock(entry.time), ...(level ? [level] : [])];
  if (entry.req?.method && entry.res?.statusCode !== undefined) {
    const ms = entry.responseTime === undefined ? '' : ` ${Math.round(entry.responseTime)} ms`;
    parts.push(`${entry.req.method} ${entry.req.url ?? ''} ${entry.res.statusCode}${ms}`);
  } else {
    parts.push(msg);
  }
  let line = parts.join(' ');
  if (entry.err?.message && entry.err.message !== msg) line += `: ${entry.err.message}`;
  if (entry.err?.stack && (entry.level ?? 30) >= 50) {
    const frames = entry.err.stack.split('\n').filter((l) => /^\s+at /.test(l));
    line += `\n${frames.slice(0, 5).join('\n')}`;
  }
  return line;
}

/** A pino destination that writes human lines to `out` (stdout by default). */
export function humanLogStream(out: { write(text: string): unknown } = process.stdout) {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) {
        if (!json.trim()) continue;
        const line = humanLine(json);
        if (line !== null) out.write(`${line}\n`);
      }
    },
  };
}

/** LOG_FORMAT when set, otherwise human lines on a terminal and JSON anywhere else. */
export function logFormat(configured: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat {
  return configured ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

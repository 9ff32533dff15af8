// The morning e-mail's text (docs/notifications.md, "The daily e-mail"): today's sessions with their steps in the
// workout language, duration and TSS; readiness; and the plan's changes since the last mail. Pure: the delivery
// service reads the data. Days are written 'Sat 28 Nov' (coachDay), never as YYYY-MM-DD.
import { coachDay, parseWorkout, renderWorkout, SPORTS, type Sport, sessionTss } from '@stamina/core';
import type { Mail } from '../../lib/mailer.ts';
import { escapeHtml } from '../auth/index.ts';
import { planChange } from './texts.ts';

export interface DailySession {
  title: string;
  sport: string;
  durationMinutes: number | null;
  intensityZone: number | null;
  tss: number | null;
  text: string | null;
  status: string;
}

export interface DailyEmailInput {
  to: string;
  name: string;
  day: string;
  sessions: readonly DailySession[];
  readiness: number | null;
  recovery: number | null;
  changes: ReadonlyArray<{ id: string; kind: string; date: string; reason: string }>;
  appUrl: string;
  unsubscribeUrl: string;
}

/** The session's steps, one line each, from its workout text ("Warmup: 10min Z1"); none without a text. */
function stepsOf(session: DailySession): string[] {
  if (!session.text?.trim()) return [];
  const sport: Sport = (SPORTS as readonly string[]).includes(session.sport)
    ? (session.sport as Sport)
    : 'run';
  const parsed = parseWorkout(session.text, { sport });
  if (parsed.intervals.length === 0) return [];
  return renderWorkout(parsed)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

function figuresOf(session: DailySession): string {
  const tss = Math.round(sessionTss(session));
  const parts = [
    session.durationMinutes ? `${session.durationMinutes} min` : null,
    tss > 0 ? `TSS ${tss}` : null,
  ];
  return parts.filter(Boolean).join(', ');
}

const score = (n: number | null) => (n === null ? null : `${Math.round(n)}/100`);

export function dailyEmail(input: DailyEmailInput): Mail {
  const sessions = input.sessions.filter((s) => s.status !== 'skipped');
  const heading = `Today, ${coachDay(input.day)}`;
  const first = sessions[0];
  const subject = first
    ? `${heading}: ${first.title}${sessions.length > 1 ? ` and ${sessions.length - 1} more` : ''}`
    : `${heading}: rest day`;
  const readiness = score(input.readiness);
  const readinessLine = readiness
    ? `Readiness: ${readiness}${input.recovery !== null ? ` (recovery ${score(input.recovery)})` : ''}`
    : 'Readiness: not enough data yet. Log your sleep and HRV to get a score.';
  const changes = input.changes.map((c) => ({ title: planChange(c).title, reason: c.reason }));
  const calendar = `${input.appUrl}/calendar`;

  const text = [
    `Good morning ${input.name},`,
    '',
    heading,
    ...(sessions.length === 0 ? ['No session planned: a rest day.'] : []),
    ...sessions.flatMap((s) => {
      const figures = figuresOf(s);
      const done = s.status === 'completed' ? ' (done)' : '';
      return [`${s.title}${figures ? `: ${figures}` : ''}${done}`, ...stepsOf(s).map((line) => `  ${line}`)];
    }),
    '',
    readinessLine,
    ...(changes.length > 0
      ? ['', 'Plan changes since your last e-mail:', ...changes.map((c) => `- ${c.title}: ${c.reason}`)]
      : []),
    '',
    `Your plan: ${calendar}`,
    '',
    'You get this e-mail because you turned on the daily e-mail in Settings → Notifications.',
    `Stop these e-mails with one click: ${input.unsubscribeUrl}`,
  ].join('\n');

  const muted = 'font-size:13px;color:#475569';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<p>Good morning ${escapeHtml(input.name)},</p>
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${sessions.length === 0 ? '<p>No session planned: a rest day.</p>' : ''}
${sessions
  .map((s) => {
    const figures = figuresOf(s);
    const steps = stepsOf(s);
    return `<h2 style="font-size:16px;margin-bottom:4px">${escapeHtml(s.title)}${s.status === 'completed' ? ' (done)' : ''}</h2>
${figures ? `<p style="margin-top:0">${escapeHtml(figures)}</p>` : ''}
${steps.length > 0 ? `<ul>${steps.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}`;
  })
  .join('\n')}
<p>${escapeHtml(readinessLine)}</p>
${
  changes.length > 0
    ? `<h2 style="font-size:16px">Plan changes since your last e-mail</h2><ul>${changes
        .map((c) => `<li><strong>${escapeHtml(c.title)}</strong>: ${escapeHtml(c.reason)}</li>`)
        .join('')}</ul>`
    : ''
}
<p><a href="${escapeHtml(calendar)}" style="display:inline-block;background:#ea580c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Open your plan</a></p>
<p style="${muted}">You get this e-mail because you turned on the daily e-mail in Settings → Notifications. <a href="${escapeHtml(input.unsubscribeUrl)}">Stop these e-mails</a> with one click.</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}

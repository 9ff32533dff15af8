// The built-in coach (docs/coach.md): a message and a snapshot of the athlete's data in, an answer out. Every
// number in a reply is cited with where it comes from in the app; actions are proposed, never applied here.
// Pure and total: any text and any snapshot give a well-formed answer.
import { formLevel } from '../training/categories.ts';
import { withImperialFigures } from '../units.ts';
import { travelAnswer, weatherAnswer } from './circumstances.ts';
import {
  Answer,
  byDate,
  COACH_EASE_BELOW,
  COACH_RAMP_CAP,
  COACH_REST_BELOW,
  COACH_SUGGESTIONS,
  calendarPath,
  changeLine,
  changeTouches,
  citeReadiness,
  coachDay,
  describe,
  fmt,
  isHard,
  isLong,
  minutesText,
  noReadinessLine,
  pickWorkout,
  resolveDay,
  safeAdd,
  sessionTss,
  signed,
  weekStartOf,
  workoutsOn,
  zoneName,
} from './common.ts';
import { fatigueAnswer, illnessAnswer, injuryAnswer } from './health.ts';
import { type ParsedMessage, parseMessage } from './intents.ts';
import { missedAnswer, moveAnswer, shortenAnswer, skipAnswer, swapAnswer } from './plan-actions.ts';
import { weekReviewAnswer } from './review.ts';
import type { CoachAnswer, CoachChange, CoachSnapshot } from './types.ts';

export {
  COACH_EASE_BELOW,
  COACH_MIN_MINUTES,
  COACH_RAMP_CAP,
  COACH_REST_BELOW,
  COACH_SUGGESTIONS,
  coachDay,
  resolveDay,
  weekdayOf,
} from './common.ts';
export { type CoachActionRequest, proposeCoachAction } from './plan-actions.ts';

function readinessAnswer(s: CoachSnapshot, a: Answer) {
  const r = s.readiness;
  if (!r) {
    a.say(noReadinessLine());
    return;
  }
  a.say(`Your readiness today is ${fmt(r.score)} out of 100: ${r.label}.`);
  citeReadiness(a, s);
  const why: string[] = [];
  if (r.recoveryScore !== null) {
    why.push(`your recovery score is ${fmt(r.recoveryScore)}`);
    a.cite('Recovery score', fmt(r.recoveryScore), '/metrics');
  } else why.push('there is no recovery score today (no HRV, resting heart rate or sleep logged)');
  why.push(`your form (TSB) is ${signed(r.tsb, 1)}, which reads as ${formLevel(r.tsb).replace('_', ' ')}`);
  a.cite('Form (TSB)', signed(r.tsb, 1), '/analytics');
  if (r.acwr !== null) {
    why.push(
      `your acute:chronic load ratio is ${fmt(r.acwr, 2)}${r.acwr > 1.3 ? ', above the 1.3 where injury risk climbs' : ''}`,
    );
    a.cite('Acute:chronic ratio', fmt(r.acwr, 2), '/analytics');
  }
  a.say(`Why: ${why.join('; ')}.`);
  const advice = r.recommendations.filter((t) => !/^Readiness \d/.test(t)).slice(0, 2);
  if (advice.length) a.say(advice.map((t) => `• ${t}`).join('\n'));
  const hardToday = workoutsOn(s, s.today).find((w) => w.status === 'planned' && isHard(w));
  if (hardToday && r.score < COACH_EASE_BELOW) {
    a.say(
      `Today has ${describe(hardToday)} planned. With readiness under ${COACH_EASE_BELOW} I would ease it: ask me to “swap today’s session for something easier” or to skip it.`,
    );
    a.cite(`Planned ${coachDay(hardToday.date)}`, hardToday.title, calendarPath(hardToday.date));
  }
}

function todayAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, false) : s.today;
  const label = day === s.today ? 'today' : coachDay(day);
  const list = workoutsOn(s, day);
  if (!list.length) {
    a.say(`Nothing is planned ${day === s.today ? 'today' : `on ${label}`}: a rest day.`);
    const next = s.workouts.filter((w) => w.status === 'planned' && w.date > day).sort(byDate)[0];
    if (next) {
      a.say(`Next up: ${describe(next)} on ${coachDay(next.date)}.`);
      a.cite(`Next session ${coachDay(next.date)}`, next.title, calendarPath(next.date));
    }
  } else {
    a.say(`${day === s.today ? 'Today' : `On ${label}`} you have:`);
    for (const w of list) {
      const zone = zoneName(w.intensityZone);
      a.say(`• ${describe(w)}${zone ? `: ${zone}` : ''}${w.status === 'completed' ? ' (done)' : ''}`);
      a.cite(`${coachDay(w.date)}`, `${w.title}, ${minutesText(w.durationMinutes)}`, calendarPath(w.date));
    }
  }
  const changed = s.changes.filter((c) => !c.undone && changeTouches(c, day, day));
  sayChanges(a, changed, `Changed ${day === s.today ? 'today' : `on ${label}`}:`);
  if (day === s.today && s.readiness) {
    const r = s.readiness;
    const hard = list.some((w) => w.status === 'planned' && isHard(w));
    citeReadiness(a, s);
    if (r.score < COACH_REST_BELOW)
      a.say(
        `Readiness is ${fmt(r.score)} (${r.label}): rest or keep it very light today${hard ? '; I can swap the hard session for you' : ''}.`,
      );
    else if (r.score < COACH_EASE_BELOW && hard)
      a.say(
        `Readiness is ${fmt(r.score)} (${r.label}): consider easing the hard session; ask me to swap it.`,
      );
    else
      a.say(
        `Readiness is ${fmt(r.score)} (${r.label}): ${list.length ? (changed.length ? 'go ahead with the changed day.' : 'go ahead as planned.') : 'enjoy the rest.'}`,
      );
  }
}

function weekAnswer(s: CoachSnapshot, a: Answer) {
  const start = weekStartOf(s.today, s.weekStart);
  const end = safeAdd(start, 6);
  const week = s.workouts.filter((w) => w.date >= start && w.date <= end).sort(byDate);
  if (!week.length) {
    a.say(`Nothing is planned this week (${coachDay(start)} to ${coachDay(end)}).`);
    if (!s.plan)
      a.say('You have no active plan: set a goal in onboarding to get one, or add workouts on the calendar.');
    return;
  }
  const planned = week.filter((w) => w.status !== 'skipped');
  const totalMinutes = planned.reduce((t, w) => t + (w.durationMinutes ?? 0), 0);
  const done = week.filter((w) => w.status === 'completed');
  const load = planned.reduce((t, w) => t + sessionTss(w), 0);
  a.say(
    `This week (${coachDay(start)} to ${coachDay(end)}): ${planned.length} sessions, ${minutesText(totalMinutes)} in all, ${done.length} done so far.`,
  );
  a.cite('Sessions this week', String(planned.length), calendarPath(start));
  a.cite('Planned time this week', minutesText(totalMinutes), calendarPath(start));
  a.cite('TSS this week', fmt(load), calendarPath(start));
  for (const w of week) {
    const state =
      w.status === 'completed'
        ? ' ✓ done'
        : w.status === 'skipped'
          ? ' (skipped)'
          : w.date < s.today
            ? ' (missed)'
            : '';
    a.say(`• ${coachDay(w.date)}: ${describe(w)}${state}`);
  }
  const hard = planned.filter(isHard).length;
  a.say(
    `${hard} of them ${hard === 1 ? 'is' : 'are'} hard (threshold or above); the rest build your aerobic base.`,
  );
  sayChanges(
    a,
    s.changes.filter((c) => !c.undone && changeTouches(c, start, end)),
    'What changed this week:',
  );
  if (!s.changes.some((c) => !c.undone && changeTouches(c, start, end)))
    a.say('Nothing in it has been changed from the plan.');
}

const ZONE_PURPOSE: Record<number, string> = {
  1: 'active recovery: it helps you absorb earlier training without adding fatigue',
  2: 'aerobic base: it builds the endurance engine (more capillaries and mitochondria, better fat use) at a pace you could hold a conversation at',
  3: 'tempo: it raises the pace you can hold comfortably-hard for a long time',
  4: 'threshold: it lifts the highest effort you can sustain for about an hour',
  5: 'VO2 max: short hard efforts that raise your aerobic ceiling',
};

function explainAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, false) : null;
  const w =
    pickWorkout(s, p, { day, statuses: ['planned', 'completed', 'skipped'] }) ??
    (day ? null : pickWorkout(s, p, { day: s.today, statuses: ['planned', 'completed'] }));
  if (!w) {
    const zone = p.normalized.match(/\bz(?:one )?([1-5])\b/);
    if (zone) {
      const z = Number(zone[1]);
      a.say(`Zone ${z}, ${zoneName(z)}: ${ZONE_PURPOSE[z]}.`);
      return;
    }
    a.say(
      'I can’t find that session. Name the day or the session, for example “explain Thursday’s intervals”.',
    );
    return;
  }
  a.cite(coachDay(w.date), w.title, calendarPath(w.date));
  a.say(`${describe(w)} on ${coachDay(w.date)}, ${w.sport}.`);
  if (w.intensityZone) {
    a.say(
      `It is a ${zoneName(w.intensityZone)} session (Z${w.intensityZone}): ${ZONE_PURPOSE[w.intensityZone]}.`,
    );
    a.cite('Intensity zone', `Z${w.intensityZone} ${zoneName(w.intensityZone)}`, calendarPath(w.date));
  }
  if (w.durationMinutes) a.cite('Duration', minutesText(w.durationMinutes), calendarPath(w.date));
  if (isLong(w))
    a.say(
      'As a long session it trains endurance and fuelling: keep most of it easy, and practise eating and drinking as on race day.',
    );
  // The text is the athlete's (or the plan's) data: quoted, never obeyed (docs/coach.md, "Safety").
  // On imperial units the paces and distances in km are followed by miles (docs/units.md).
  if (w.text)
    a.say(`The session as written: “${withImperialFigures(w.text.slice(0, 300), s.units ?? 'metric')}”.`);
  const change = s.changes.find((c) => !c.undone && c.workoutId === w.id);
  if (change) {
    a.say(`It was changed: ${change.reason}`);
    a.cite('Plan change', change.kind, calendarPath(w.date));
  }
  if (w.date === s.today && s.readiness) {
    citeReadiness(a, s);
    a.say(
      `With readiness at ${fmt(s.readiness.score)} (${s.readiness.label}) today, ${s.readiness.score < COACH_EASE_BELOW && isHard(w) ? 'consider an easier version.' : 'it fits.'}`,
    );
  }
}

function raceAnswer(s: CoachSnapshot, a: Answer) {
  const r = s.race;
  if (!r?.raceDate) {
    a.say(
      'You have no race in your active plan, so I can’t judge race readiness. Set a goal race in onboarding to get a plan and a countdown.',
    );
    if (s.readiness) {
      a.say(`Your fitness (CTL) today is ${fmt(s.readiness.ctl, 1)}.`);
      a.cite('Fitness (CTL)', fmt(s.readiness.ctl, 1), '/analytics');
    }
    return;
  }
  const name = r.title ?? 'your race';
  const when =
    r.daysUntil === null
      ? ''
      : r.daysUntil > 0
        ? `, in ${r.daysUntil} days`
        : r.daysUntil === 0
          ? ', today'
          : ', already behind you';
  a.say(
    `Race readiness for ${name} on ${coachDay(r.raceDate)}${when}: ${fmt(r.score)} out of 100 (fitness ${r.fitnessLevel.replace('_', ' ')}).`,
  );
  a.cite('Race readiness', fmt(r.score), '/analytics');
  if (r.daysUntil !== null) a.cite('Days to race', String(r.daysUntil), '/plan');
  a.say(
    `Projected for race day: fitness (CTL) ${fmt(r.raceDayCtl, 1)} and form (TSB) ${signed(r.raceDayTsb, 1)}.`,
  );
  a.cite('Race-day fitness (CTL)', fmt(r.raceDayCtl, 1), '/analytics');
  a.cite('Race-day form (TSB)', signed(r.raceDayTsb, 1), '/analytics');
  if (r.prediction) {
    a.say(`Predicted ${r.prediction.name}: ${r.prediction.time}, from your best recent effort.`);
    a.cite(`Predicted ${r.prediction.name}`, r.prediction.time, '/analytics');
  }
  a.say(r.taperRecommendation);
  if (r.areasToFocus.length) a.say(`Focus on: ${r.areasToFocus.slice(0, 3).join('; ')}`);
}

function loadAnswer(s: CoachSnapshot, a: Answer) {
  const weeks = s.loadTrend.slice(-5);
  if (!weeks.length || weeks.every((w) => w.ctl === 0 && w.totalTss === 0)) {
    a.say('There is no training load yet: complete or record a few sessions and I can show the trend.');
    return;
  }
  const first = weeks[0]!;
  const last = weeks.at(-1)!;
  const span = weeks.length - 1;
  const ramp = span ? (last.ctl - first.ctl) / span : 0;
  a.say(
    `Fitness (CTL) is ${fmt(last.ctl, 1)}${span ? `, ${signed(last.ctl - first.ctl, 1)} over the last ${span} weeks (${signed(ramp, 1)} a week)` : ''}. Fatigue (ATL) is ${fmt(last.atl, 1)} and form (TSB) ${signed(last.tsb, 1)} (${formLevel(last.tsb).replace('_', ' ')}).`,
  );
  a.cite('Fitness (CTL)', fmt(last.ctl, 1), '/analytics');
  a.cite('Fatigue (ATL)', fmt(last.atl, 1), '/analytics');
  a.cite('Form (TSB)', signed(last.tsb, 1), '/analytics');
  if (span) a.cite('CTL change per week', signed(ramp, 1), '/analytics');
  a.say(`Weekly TSS: ${weeks.map((w) => `${coachDay(w.weekStart)} ${fmt(w.totalTss)}`).join(', ')}.`);
  a.cite('TSS this week', fmt(last.totalTss), '/analytics');
  if (ramp > COACH_RAMP_CAP)
    a.say(
      `That ramp is steep (over ${COACH_RAMP_CAP} CTL points a week): add an easier week soon to absorb it.`,
    );
  else if (ramp < -1)
    a.say(
      'Your fitness is dropping: if that is not a planned recovery week or taper, add some steady aerobic volume.',
    );
  else if (ramp > 0) a.say('A steady, sustainable build: 3 to 5 CTL points a week is the sweet spot.');
  else a.say('Your load is holding steady.');
  if (last.tsb < -30) a.say('Form below -30 means deep fatigue: take easy days before adding more.');
}

/** The plan's changes from its change log, newest first, each in a line with its citation. */
function sayChanges(a: Answer, changes: readonly CoachChange[], title: string | null) {
  if (!changes.length) return;
  if (title) a.say(title);
  for (const c of changes.slice(0, 5)) {
    a.say(`• ${changeLine(c)}`);
    a.cite(
      c.workoutDate ? `Change on ${coachDay(c.workoutDate)}` : 'Plan change',
      c.kind,
      c.workoutDate ? calendarPath(c.workoutDate) : '/plan',
    );
  }
}

function changesAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, /\b(yesterday|last)\b/.test(p.normalized)) : null;
  let changes = s.changes.filter((c) => !c.undone);
  if (day) changes = changes.filter((c) => changeTouches(c, day, day));
  if (!changes.length) {
    a.say(
      day
        ? `Nothing was changed on ${coachDay(day)}: it is as planned.`
        : 'Nothing in your plan has been changed recently: your workouts are as planned.',
    );
    if (s.readiness) {
      a.say(`Your readiness today is ${fmt(s.readiness.score)} (${s.readiness.label}).`);
      citeReadiness(a, s);
    }
    return;
  }
  a.say(
    changes.length === 1
      ? 'One change to your plan:'
      : `The latest ${Math.min(changes.length, 5)} changes to your plan:`,
  );
  sayChanges(a, changes, null);
  a.say('Each change can be undone from the plan page if you prefer the original.');
}

function helpAnswer(a: Answer) {
  a.say('I’m your coach: I answer from your own data. You can ask me, for example:');
  for (const q of COACH_SUGGESTIONS) a.say(`• ${q}`);
  a.say(
    'I can also skip, swap or shorten a session (“swap today’s intervals for something easier”), or explain one (“explain Thursday’s workout”).',
  );
}

/**
 * The built-in coach's answer to `text` over `snapshot`. `parsed` is `parseMessage(text)` when the caller has read
 * the message already (the server reads it first to know which data to load), so it is not read twice.
 */
export function coachReply(
  snapshot: CoachSnapshot,
  text: string,
  parsed: ParsedMessage = parseMessage(text),
): CoachAnswer {
  const p = parsed;
  const a = new Answer(p.intent);
  try {
    switch (p.intent) {
      case 'readiness':
        readinessAnswer(snapshot, a);
        break;
      case 'today':
        todayAnswer(snapshot, p, a);
        break;
      case 'week':
        weekAnswer(snapshot, a);
        break;
      case 'move':
        moveAnswer(snapshot, p, a);
        break;
      case 'skip':
        skipAnswer(snapshot, p, a);
        break;
      case 'swap':
        swapAnswer(snapshot, p, a);
        break;
      case 'shorten':
        shortenAnswer(snapshot, p, a);
        break;
      case 'explain':
        explainAnswer(snapshot, p, a);
        break;
      case 'race_readiness':
        raceAnswer(snapshot, a);
        break;
      case 'load_trend':
        loadAnswer(snapshot, a);
        break;
      case 'missed':
        missedAnswer(snapshot, p, a);
        break;
      case 'changes':
        changesAnswer(snapshot, p, a);
        break;
      case 'illness':
        illnessAnswer(snapshot, p, a);
        break;
      case 'injury':
        injuryAnswer(snapshot, p, a);
        break;
      case 'fatigue':
        fatigueAnswer(snapshot, p, a);
        break;
      case 'travel':
        travelAnswer(snapshot, p, a);
        break;
      case 'weather':
        weatherAnswer(snapshot, p, a);
        break;
      case 'week_review':
        weekReviewAnswer(snapshot, p, a);
        break;
      default:
        helpAnswer(a);
    }
  } catch {
    // A snapshot with impossible values must still get an answer.
    return {
      intent: p.intent,
      reply: 'Sorry, I could not work that out from your data.',
      citations: [],
      actions: [],
    };
  }
  return a.done();
}

/** What a message names, as the corpus scores it (docs/coach.md, "Corpus"): the first day as a date, and so on. */
export interface CoachSlots {
  day?: string;
  sport?: string;
  part?: string;
  minutes?: number;
  symptom?: string;
}

export function messageSlots(p: ParsedMessage, today: string): CoachSlots {
  const out: CoachSlots = {};
  const first = p.days[0];
  if (first) out.day = resolveDay(first, today, p.intent === 'missed');
  if (p.sport) out.sport = p.sport;
  if (p.bodyPart) out.part = p.bodyPart;
  if (p.minutes && !p.minutes.by) out.minutes = p.minutes.value;
  if (p.symptom) out.symptom = p.symptom;
  return out;
}

// The coach's answers when the athlete is ill, injured or worn out (docs/coach.md, "Illness, injury and
// fatigue"): rest or an eased session as actions to confirm, each with its reason, then a gradual return. The
// figures are the adaptation's (docs/adaptation.md, "Illness and injury"); never "go ahead as planned".
import {
  ABOVE_NECK_DAYS,
  ABOVE_NECK_MAX_MINUTES,
  EASED_HARD_SHARE,
  EASED_LONG_SHARE,
  easedSession,
  ILLNESS_REST_DAYS,
  ILLNESS_RETURN_SHARES,
  INJURY_REST_DAYS,
  INJURY_RETURN_DAYS,
  INJURY_RETURN_SHARE,
  illnessRule,
  sportsLoading,
} from '../adaptation/health.ts';
import {
  type Answer,
  COACH_REST_BELOW,
  calendarPath,
  citeReadiness,
  coachDay,
  describe,
  fmt,
  isKey,
  minutesText,
  RACE_TAPER_DAYS,
  RACE_WEEK_DAYS,
  raceAhead,
  raceWhen,
  resolveDay,
  restAction,
  safeAdd,
  workoutsOn,
} from './common.ts';
import type { ParsedMessage } from './intents.ts';
import type { BodyPart } from './situations.ts';
import type { CoachProposedAction, CoachSnapshot, CoachWorkout } from './types.ts';

const PART_NAME: Record<BodyPart, string> = {
  foot: 'foot',
  ankle: 'ankle',
  achilles: 'Achilles',
  calf: 'calf',
  shin: 'shin',
  knee: 'knee',
  itband: 'IT band',
  hamstring: 'hamstring',
  quad: 'quad',
  hip: 'hip',
  groin: 'groin',
  glute: 'glute',
  back: 'back',
  shoulder: 'shoulder',
  elbow: 'elbow',
  wrist: 'wrist',
  neck: 'neck',
  rib: 'ribs',
};

const SPORT_PLURAL: Record<string, string> = {
  run: 'running',
  bike: 'cycling',
  swim: 'swimming',
  strength: 'strength work',
  brick: 'bricks',
};

/** The planned sessions of a day the coach may change: never the race's own day (docs/coach.md, "Close to the race"). */
function planned(s: CoachSnapshot, day: string): CoachWorkout[] {
  if (raceAhead(s)?.date === day) return [];
  return workoutsOn(s, day).filter((w) => w.status === 'planned');
}

/** What illness means for a race in its last week: whether to start, and that the missed sessions cost nothing. */
function illnessBeforeRace(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const race = raceAhead(s);
  if (!race || race.days > RACE_WEEK_DAYS) return;
  if (p.symptom === 'above')
    a.say(
      `Your race, ${race.title}, is ${raceWhen(race)}. A head cold alone need not stop you: if it stays above the neck and you feel well on race morning, race. Keep the last sessions short and easy; if a fever, aches or a chest cough come, don’t race.`,
    );
  else
    a.say(
      `Your race, ${race.title}, is ${raceWhen(race)}. Don’t race with a fever, aches or a chest infection: hard exercise with a fever risks inflammation of the heart muscle (myocarditis). If the fever and the symptoms below the neck have been gone for two days by race morning, you can start, easy at first; otherwise let this race go. The sessions you miss now cost nothing: the fitness is already built.`,
    );
}

/** The eased session as an action, or null when easing changes nothing. */
function easeAction(
  w: CoachWorkout,
  reason: string,
  shares: Parameters<typeof easedSession>[1],
): CoachProposedAction | null {
  const eased = easedSession(w, shares);
  if (!eased) return null;
  const base = { workoutId: w.id, workoutTitle: w.title, workoutDate: w.date, reason };
  if (eased.kind === 'shorten')
    return {
      ...base,
      kind: 'shorten',
      summary: `Shorten '${w.title}' on ${coachDay(w.date)} from ${minutesText(w.durationMinutes)} to ${minutesText(eased.minutes)}`,
      patch: { durationMinutes: eased.minutes },
    };
  return {
    ...base,
    kind: 'swap',
    summary: `Swap '${w.title}' on ${coachDay(w.date)} for '${eased.title}' (${eased.minutes} min Z${eased.zone})`,
    patch: {
      title: eased.title,
      workoutLanguageText: eased.text,
      durationMinutes: eased.minutes,
      intensityZone: eased.zone,
    },
  };
}

function proposeAll(a: Answer, actions: CoachProposedAction[]) {
  for (const action of actions) {
    a.propose(action);
    a.cite(coachDay(action.workoutDate), action.workoutTitle, calendarPath(action.workoutDate));
  }
  if (actions.length) {
    a.say('Proposed:');
    for (const action of actions) a.say(`• ${action.summary}`);
    a.say('Confirm each below to apply it; you can undo any of them.');
  }
}

/**
 * From today: an athlete who says they are ill is ill now, whichever day the message names ("sick since
 * Tuesday", "I'm sick, what about tomorrow's long run?"); the days of rest and return then cover the day named
 * when it is near. Only an illness placed ahead ("I'll be ill after my jab on Saturday") starts on that day.
 */
function startDay(s: CoachSnapshot, p: ParsedMessage): string {
  const named = p.days[0] ? resolveDay(p.days[0], s.today, false) : s.today;
  const ahead = /\b(will be|going to be|gonna be|expect to be|might be)\b/.test(p.normalized);
  return ahead && named > s.today ? named : s.today;
}

export function illnessAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const start = startDay(s, p);
  const actions: CoachProposedAction[] = [];
  a.say(`Sorry you’re unwell. The rule I follow: ${illnessRule(p.symptom)}.`);
  if (p.symptom === 'above') {
    for (let i = 0; i < ABOVE_NECK_DAYS; i++)
      for (const w of planned(s, safeAdd(start, i))) {
        const action = easeAction(w, 'Ill (symptoms above the neck): easy only, and shorter.', {
          hard: 1,
          long: 1,
          maxMinutes: ABOVE_NECK_MAX_MINUTES,
        });
        if (action) actions.push(action);
      }
    if (!actions.length) {
      const today = planned(s, start)[0];
      if (today) {
        a.say(`${describe(today)} is already easy: keep it gentle, or rest if you feel worse.`);
        actions.push(restAction(today, 'Ill (symptoms above the neck): rest instead, to get well sooner.'));
      } else a.say('Nothing is planned in the next two days: rest, drink plenty and sleep.');
    } else
      a.say(
        `For the next ${ABOVE_NECK_DAYS} days, easy sessions only and none over ${ABOVE_NECK_MAX_MINUTES} min. If a fever, aches or a chest cough come, stop training altogether and tell me.`,
      );
    illnessBeforeRace(s, p, a);
    proposeAll(a, actions);
    return;
  }
  const rest: string[] = [];
  for (let i = 0; i < ILLNESS_REST_DAYS; i++) {
    const day = safeAdd(start, i);
    rest.push(day);
    for (const w of planned(s, day))
      actions.push(restAction(w, 'Ill: rest until the symptoms are gone (no training with a fever).'));
  }
  ILLNESS_RETURN_SHARES.forEach((share, i) => {
    const day = safeAdd(start, ILLNESS_REST_DAYS + i);
    for (const w of planned(s, day)) {
      const action = easeAction(
        w,
        `Back after illness: day ${i + 1} of a gradual return, at about ${Math.round(share * 100)} % and easy.`,
        { long: share, hard: share, easy: share },
      );
      if (action) actions.push(action);
    }
  });
  a.say(
    `Rest ${rest.map(coachDay).join(' and ')}, then come back over ${ILLNESS_RETURN_SHARES.length} days at reduced volume and easy effort, and only once you have had a day without fever. If you are still ill then, rest on and ask me again.`,
  );
  if (/\bcovid\b/.test(p.normalized))
    a.say(
      'After COVID-19 come back more slowly still: wait until you have been free of symptoms for a week, and see a doctor before hard training if you had chest pain or breathlessness.',
    );
  illnessBeforeRace(s, p, a);
  if (!actions.length) a.say('Nothing is planned on those days, so there is nothing to change: just rest.');
  proposeAll(a, actions);
}

export function injuryAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const part = p.bodyPart;
  const loads = sportsLoading(part);
  const where = part ? `your ${PART_NAME[part]}` : 'the injury';
  const actions: CoachProposedAction[] = [];
  const start = s.today;
  if (loads === 'hard_only') {
    a.say(
      `With ${where} hurting, keep moving gently but nothing hard or long for ${INJURY_REST_DAYS} days, and stop anything that makes it worse.`,
    );
    for (let i = 0; i < INJURY_REST_DAYS; i++)
      for (const w of planned(s, safeAdd(start, i)).filter(isKey)) {
        const action = easeAction(w, `Sore ${PART_NAME.back}: easy and shorter until it settles.`, {
          hard: EASED_HARD_SHARE,
          long: EASED_LONG_SHARE,
        });
        if (action) actions.push(action);
      }
  } else {
    const names = loads.filter((x) => x !== 'brick').map((x) => SPORT_PLURAL[x] ?? x);
    a.say(
      `With ${where} hurting, no ${names.join(' or ')} for ${INJURY_REST_DAYS} days: don’t load an injured part. Then come back at about half the usual length, easy, and only if it is pain-free.`,
    );
    const affected = (w: CoachWorkout) => loads.includes(w.sport);
    for (let i = 0; i < INJURY_REST_DAYS; i++)
      for (const w of planned(s, safeAdd(start, i)).filter(affected))
        actions.push(
          restAction(w, `${part ? `${PART_NAME[part]} ` : ''}injury: the injured part is not loaded.`),
        );
    // The graded return: the first session of each rested sport after the rest comes back shorter and easy.
    const back = new Set<string>();
    for (let i = INJURY_REST_DAYS; i < INJURY_REST_DAYS + INJURY_RETURN_DAYS; i++)
      for (const w of planned(s, safeAdd(start, i)).filter(affected)) {
        if (back.has(w.sport)) continue;
        back.add(w.sport);
        const action = easeAction(
          w,
          'Back after injury: the first session shorter and easy, pain-free only.',
          {
            long: INJURY_RETURN_SHARE,
            hard: INJURY_RETURN_SHARE,
            easy: INJURY_RETURN_SHARE,
          },
        );
        if (action) actions.push(action);
      }
    const other = ['run', 'bike', 'swim'].filter((x) => !loads.includes(x)).map((x) => SPORT_PLURAL[x]);
    if (other.length) a.say(`${other.join(' and ')} can go on if they don’t hurt.`);
  }
  a.say(
    'If it is sharp, swollen, or still there after a few days, or it hurts to walk, see a physiotherapist or doctor before training it again.',
  );
  const race = raceAhead(s);
  if (race && race.days <= RACE_TAPER_DAYS)
    a.say(
      `Your race, ${race.title}, is ${raceWhen(race)}: have ${where} looked at by a physiotherapist before it. Don’t race on a pain that changes how you move or grows as you go; the days off now cost no fitness.`,
    );
  if (!actions.length) a.say('Nothing planned in the next days loads it, so there is nothing to change.');
  proposeAll(a, actions);
}

export function fatigueAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  // "Cooked after yesterday", "sore from the weekend": the day named is the cause; today is the one to change.
  const cause =
    /\b(after|from|since|over) (the |this |last |my )?(weekend|yesterday|last night|today|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.test(
      p.normalized,
    );
  const named = p.days[0] && !cause ? resolveDay(p.days[0], s.today, false) : s.today;
  const day = named < s.today ? s.today : named;
  const readiness = s.readiness && day === s.today ? s.readiness.score : null;
  if (readiness !== null) {
    a.say(`Your readiness today is ${fmt(readiness)} (${s.readiness!.label}).`);
    citeReadiness(a, s);
  }
  const race = raceAhead(s);
  if (race && race.days <= RACE_TAPER_DAYS && race.days > 0)
    a.say(
      `With ${race.title} ${raceWhen(race)}, feeling flat or heavy in the last weeks is common while the body repairs from the training: keep the plan’s shorter sessions, sleep and eat well, and the freshness comes in the last days.`,
    );
  const sessions = planned(s, day);
  const w = sessions.find(isKey) ?? sessions[0];
  if (!w) {
    a.say(
      `Nothing is planned ${day === s.today ? 'today' : `on ${coachDay(day)}`}: rest, eat well and sleep, and you’ll absorb the work.`,
    );
    return;
  }
  if (readiness !== null && readiness < COACH_REST_BELOW) {
    a.say(`With readiness under ${COACH_REST_BELOW}, rest beats training: take the day off.`);
    proposeAll(a, [restAction(w, `Tired, readiness ${fmt(readiness)}: a rest day.`)]);
    return;
  }
  const action = easeAction(
    w,
    `Tired${readiness !== null ? ` (readiness ${fmt(readiness)})` : ''}: easier and shorter to recover.`,
    { long: EASED_LONG_SHARE, hard: EASED_HARD_SHARE, easy: 2 / 3 },
  );
  a.say(
    `When you feel this tired, an easier, shorter day lets the training sink in; pushing through risks digging a hole. ${describe(w)} on ${coachDay(w.date)} is the one to change.`,
  );
  if (action) proposeAll(a, [action]);
  else proposeAll(a, [restAction(w, 'Tired: a rest day to recover.')]);
}

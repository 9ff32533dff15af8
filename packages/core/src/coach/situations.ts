// The words athletes use for what happens to them (docs/coach.md, "Intents"): illness and where its symptoms
// are (the "neck check"), injury and the body part, fatigue, travel, weather, and a look back at the week.
// Each reads a message already normalised by `normalizeMessage` (lower case, typos and slang mended).

/** Where illness sits (docs/adaptation.md, "Illness"): above the neck, or below it (or fever: the whole body). */
export type Symptom = 'above' | 'below';

const BODY_PARTS = [
  'foot',
  'ankle',
  'achilles',
  'calf',
  'shin',
  'knee',
  'itband',
  'hamstring',
  'quad',
  'hip',
  'groin',
  'glute',
  'back',
  'shoulder',
  'elbow',
  'wrist',
  'neck',
  'rib',
] as const;
export type BodyPart = (typeof BODY_PARTS)[number];

/** Symptoms below the neck or of the whole body: no training until they are gone. */
const BELOW_NECK =
  /\b(fever|feverish|temperature|temp of|flu|influenza|covid|corona|coronavirus|chest|cough|coughing|chills|shivering|shivers|aching all over|body aches?|aches everywhere|whole body (hurts|aches)|stomach|vomit|vomiting|throwing up|threw up|puking|diarrh?o?ea|diarrhea|the runs|nausea|nauseous|food poisoning|gastro|mono|glandular|pneumonia|bronchitis|strep)\b/;
/** Symptoms above the neck only: easy training may go on. */
const ABOVE_NECK =
  /\b((a|the|head|have|got|caught|bad|with|slight|little|small) cold|runny nose|sore throat|throat|stuffy|blocked nose|nose (is |s )?(running|runny|blocked|stuffed|stuffy|streaming|bunged)|(stuffed|bunged|blocked) up|congested|congestion|sneezing|sneeze|sniffle|sniffles|sniffly|sinus|sinuses|snotty)\b/;
/** Illness without a place. "ill" is not "I'll" (mended before) nor "ill be"/"ill do" typed without it. */
const ILL_AT_ALL =
  /\b(sick|sickness|illness|unwell|not (feeling |feel )?(so |very |too )?well|under the weather|poorly|virus|bug|coming down with|infection|ill(?! (be|do|have|try|go|need|make|run|ride|swim|skip|miss|travel|take|just|probably|see|get|move|still|let|send|check)\b))\b/;

/** "No fever", "without a temperature": a symptom ruled out is not one. */
const RULED_OUT =
  /\b(no|not|without|never had|free of|zero) (a |any )?(fever|temperature|temp|chills|cough)\b|\b(nothing|not|none) (\w+ )?(in|on) (the |my )?chest\b|\bchest (is |s |feels )?(fine|clear|ok|okay|good)\b/g;

export function symptomOf(t: string): Symptom | null {
  const said = t.replace(RULED_OUT, ' ');
  if (BELOW_NECK.test(said)) return 'below';
  if (ABOVE_NECK.test(said)) return 'above';
  return null;
}

/** "My son was ill", "the kids are sick": someone else's illness, the reason a session went, not the athlete's. */
const OTHERS_ILLNESS =
  /\b(my|our|the) (son|daughter|kid|kids|child|children|baby|wife|husband|partner|girlfriend|boyfriend|mum|mom|dad|mother|father|family|boss|dog)( \w+){0,2}? (was|is|s|has|had|got|were|are|have) (\w+ )?(sick|ill|unwell|poorly|a cold|the flu|flu|covid|a fever|a bug|a virus)\b/g;

export function isIllness(t: string): boolean {
  const said = t.replace(RULED_OUT, ' ').replace(OTHERS_ILLNESS, ' ');
  return BELOW_NECK.test(said) || ABOVE_NECK.test(said) || ILL_AT_ALL.test(said);
}

/** Body parts as athletes name them; the IT band before the knee it runs down to. */
const PARTS: [RegExp, BodyPart][] = [
  [/\b(it band|iliotibial)\b/, 'itband'],
  [/\b(achilles)\b/, 'achilles'],
  [/\b(foot|feet|heel|heels|toe|toes|plantar|arch|metatarsal)\b/, 'foot'],
  [/\b(ankle|ankles)\b/, 'ankle'],
  [/\b(calf|calves)\b/, 'calf'],
  [/\b(shin|shins|tibia)\b/, 'shin'],
  [/\b(knee|knees|kneecap|patella)\b/, 'knee'],
  [/\b(hamstring|hamstrings)\b/, 'hamstring'],
  [/\b(quad|quads|quadriceps|thigh)\b/, 'quad'],
  [/\b(hip|hips)\b/, 'hip'],
  [/\b(groin|adductor|adductors)\b/, 'groin'],
  [/\b(glute|glutes|butt|piriformis)\b/, 'glute'],
  [
    /(^|\b(lower|upper|mid|my|the) )back\b|\bback (pain|hurts|is hurting|is sore|spasm|went|has seized|seized|locked)\b/,
    'back',
  ],
  [/\b(shoulder|shoulders|rotator)\b/, 'shoulder'],
  [/\b(elbow|elbows)\b/, 'elbow'],
  [/\b(wrist|wrists|hand|hands)\b/, 'wrist'],
  [/\b(neck)\b/, 'neck'],
  [/\b(rib|ribs)\b/, 'rib'],
];

const PAIN =
  /\b(hurt|hurts|hurting|pain|painful|pains|sore|ache|aches|aching|achy|injured|injury|injure|sprain|sprained|strain|strained|pulled|tweak|tweaked|twisted|twist|rolled|niggle|niggly|swollen|swelling|tendinitis|tendonitis|tendinopathy|splints|fasciitis|stiff|killing me|acting up|flaring|tear|torn|fracture|bruised|sharp|tight|spasm|spasms|seized|seizing|locked up|twinge|twinges|twinged|twingy|grumbling|grumbly|playing up|complaining|tender|flared|flare up|niggling)\b/;

export function bodyPartOf(t: string): BodyPart | null {
  return PARTS.find(([re]) => re.test(t))?.[1] ?? null;
}

/** An injury: a body part that hurts, or the word itself. */
export function isInjury(t: string): boolean {
  if (/\b(injured|injury|injuries|shin splints|fasciitis|tendinitis|tendonitis|stress fracture)\b/.test(t))
    return true;
  return bodyPartOf(t) !== null && PAIN.test(t);
}

const FATIGUE =
  /\b(wrecked|tired|exhausted|knackered|drained|heavy legs|legs (are |feel |felt )?(so |very |really |completely |totally )?(dead|heavy|toast|gone|like concrete|shot)|legs (are |feel |felt )?(\w+ )?like (lead|bricks|jelly|concrete|wood|stone|logs|tree trunks)|trashed|wiped|wiped out|beat up|beaten up|battered|done in|dead legs|cooked|fried|fatigued|no energy|zero energy|low energy|destroyed|burnt out|burned out|burnout|shattered|doms|sore|flat|sluggish|running on empty|no power|spent|whacked|zonked|worn out|zombie|like a zombie|barely slept|hardly slept|did not sleep|could not sleep|no sleep|sleepless|terrible night|awful night|bad night)\b|\b(slept|sleep|sleeping) (only |just |about |like |maybe |barely |less than |under )?([0-4](\.5)?|five|four|three|two) hours?\b/;

/** Tired, in the athlete's words, and not a question about readiness (which reads the scores instead). */
export function isFatigue(t: string): boolean {
  if (!FATIGUE.test(t)) return false;
  return !/\b(how|am i|should i|can i|what is) .*\b(ready|readiness|recovered|recovery|hrv)\b/.test(t);
}

export function isTravel(t: string): boolean {
  return /\b(travel|travelling|traveling|travels|trip|away|holiday|holidays|vacation|flying|fly|flight|hotel|visiting|on the road|conference|no bike with me|abroad)\b/.test(
    t,
  );
}

/**
 * A temperature written as a number ("35 degrees", "34c", "95f", "minus 10"): hot at 28 °C (82 °F) and above,
 * cold at -5 °C (23 °F) and below (docs/coach.md, "Travel and weather"). A bare number of degrees is Fahrenheit
 * from 60 up, since nobody trains at 60 °C.
 */
function temperatureOf(t: string): 'hot' | 'cold' | null {
  const m = t.match(/\b(minus |-)?(\d{1,3}) ?(degrees?|deg|c|f|celsius|fahrenheit)\b/);
  if (!m) return null;
  const value = (m[1] ? -1 : 1) * Number(m[2]);
  const fahrenheit = /^f/.test(m[3]!) || (!/^c/.test(m[3]!) && value >= 60);
  const celsius = fahrenheit ? ((value - 32) * 5) / 9 : value;
  return celsius >= 28 ? 'hot' : celsius <= -5 ? 'cold' : null;
}

/** Heat in the athlete's words or a hot temperature: the weather answer's advice differs from rain or ice. */
export function isHeat(t: string): boolean {
  return (
    /\b(heat|heatwave|heat wave|too hot|so hot|very hot|really hot|hot out|hot outside|it is hot|it s hot|scorching|sweltering|boiling|baking|blazing|humid|humidity)\b/.test(
      t,
    ) || temperatureOf(t) === 'hot'
  );
}

export function isWeather(t: string): boolean {
  return (
    /\b(rain|raining|rainy|pouring|downpour|storm|storms|stormy|thunder|thunderstorm|thunderstorms|lightning|snow|snowing|snowy|snowed|blizzard|sleet|ice|icy|black ice|frost|frosty|slippery|freezing|too cold|so cold|cold outside|cold out|cold weather|wind|windy|gusty|gusts|gale|smoke|smoky|air quality|pollution|weather|hail|fog|foggy|flood|flooded)\b/.test(
      t,
    ) ||
    isHeat(t) ||
    temperatureOf(t) === 'cold'
  );
}

/** "How was my week?": a look back, not the plan ahead. */
export function isWeekReview(t: string): boolean {
  return (
    /\bhow (was|is|did|has|have) (my |the |last |this )?(training )?week\b(?! look)/.test(t) ||
    /\bhow (did|have) (i|my week) (do|go|done|gone)\b/.test(t) ||
    // "How am I doing this week?", "rate it out of 10".
    /\bhow (am i|i am|im) doing (this|last) week\b/.test(t) ||
    (/\bweek\b/.test(t) && /\b(rate (it|me)|out of (10|ten))\b/.test(t)) ||
    /\bhow (was|did) .*\b(training|week)\b.*\b(this|last) week\b/.test(t) ||
    /\bhow did (last|this) week go\b/.test(t) ||
    /\bweek been\b/.test(t) ||
    /\b(week(ly)?|weeks) (review|recap|summary|report|assessment)\b/.test(t) ||
    /\b(recap|review|summary|summarise|summarize|assess|rate)\b.*\bweek\b/.test(t) ||
    /\bgood week\b/.test(t) ||
    /\bdid i (hit|nail|make|do) (my |all my |the )?key\b/.test(t)
  );
}

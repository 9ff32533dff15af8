// The words and phrases the parser knows, and what each one means. Phrases are looked up by their words
// joined with single spaces ("warm-up", "warm up" and "Warm Up" are all "warm up").
//
// Intensity names map to zones (documented in docs/workout-parser.md):
//   Z1 recovery-type: very easy, active recovery, regen, walk
//   Z2: easy, aerobic, endurance, base, conversational, comfortable, light, long, LSD, jog
//   Z3: steady, tempo, moderate, medium, brisk, marathon pace
//   Z4: threshold, LT, FTP, CSS, sweet spot, hard, cruise, 10k pace, half-marathon pace, race pace
//   Z5: VO2/VO2max, max, maximal, all out, sprint, strides, pick-ups, very hard, fast, anaerobic, 5k/3k/mile pace
import type { Phase } from '../types.ts';

export type Meaning =
  | { t: 'phase'; phase: Phase }
  /** An intensity name. */
  | { t: 'zone'; zone: number }
  /** Always a rest step. */
  | { t: 'rest' }
  /** "recovery": rest, or an easy zone-1 step when it names a sport ("recovery run"). */
  | { t: 'recovery' }
  /** Rest between repetitions (jog, walk, easy spin); otherwise an easy step in this zone. */
  | { t: 'soft'; zone: number }
  /** A sport noun: descriptive, and turns "recovery" into an easy step. */
  | { t: 'sport' }
  /** Short fast efforts: zone 5, 20 s when no duration is given. */
  | { t: 'strides' }
  /** "with", "w/": what follows is a separate step of the same repetition. */
  | { t: 'with' }
  /** Understood; part of the step's name when `name` is true. */
  | { t: 'neutral'; name: boolean }
  /** Heart rate: "HR 150", "HR Z2", "Z2 HR". */
  | { t: 'hr' }
  /** Rating of perceived exertion: "RPE 7". */
  | { t: 'rpe' }
  /** Rest interval: "RI 20s". */
  | { t: 'ri' }
  /** The zone prefix: "zone 3". */
  | { t: 'zoneword' }
  /** "on", "work": the step is work, never read as a recovery ("30s on, 30s off"; "3min Z2 on"). */
  | { t: 'work' }
  /** "ramp": the step's % FTP range is a ramp from its first value to its second. */
  | { t: 'ramp' };

const table = new Map<string, Meaning>();
const add = (meaning: Meaning, ...phrases: string[]) => {
  for (const p of phrases) table.set(p, meaning);
};

// Neutral words first, so that a word with a stronger meaning below overrides them.
// Descriptive words: understood, and kept in the step's name.
add(
  { t: 'neutral', name: true },
  ...'drill drills kick kicks pull pulls free freestyle fs back backstroke breast breaststroke fly butterfly im choice'.split(
    ' ',
  ),
  ...'paddles fins buoy pullbuoy snorkel build builds building descend descending descend progression progressive'.split(
    ' ',
  ),
  ...'negative split fartlek hill hills uphill downhill climb climbing climbs flat track road trail treadmill'.split(
    ' ',
  ),
  ...'trainer indoor outdoor intervals interval efforts effort repeats repeat reps rep sets set rounds round'.split(
    ' ',
  ),
  ...'laps lap lengths length pace power cadence high low seated standing big gear single leg form focus'.split(
    ' ',
  ),
  ...'smooth relaxed controlled technique core mobility stretch stretching circuit superset amrap emom'.split(
    ' ',
  ),
  ...'progressively fartleks surges surge ladder pyramid kb kettlebell bodyweight'.split(' '),
  ...'bw dumbbell db barbell bb press squat squats lunge lunges deadlift deadlifts plank planks'.split(' '),
  ...'pushups pushup push ups pullups pullup chinups burpees rows row situps crunches bridges'.split(' '),
  ...'isolated spinups overgears strength'.split(' '),
  ...'normal hold holds pull up push up sit ups calf raises step ups box jumps jump jumps'.split(' '),
  ...'sculling scull catchup catch fist sighting openwater pool tt time trial'.split(' '),
  ...'aero position zwift erg walking swings curls goblet air'.split(' '),
  ...'brick maf over under unders overunders openwater broken dips twists raises clamshells bridges'.split(
    ' ',
  ),
  'over unders',
  'over under',
  'open water',
  'off the bike',
  'off bike',
  'off the bike',
  'russian twists',
  'leg raises',
  'glute bridges',
  'back squat',
  'front squat',
  'bench press',
);
// Filler: understood, not part of any name.
add(
  { t: 'neutral', name: false },
  ...'at of and for the a an each between in on to per total up down by as then after before into'.split(' '),
  ...'about around approx approximately roughly or every all your my some easyish ish'.split(' '),
  ...'last first final either side sides arm arms legs continuous nonstop straight remaining'.split(' '),
  ...'minute minutes min mins sec secs second seconds times like'.split(' '),
  ...'start starting finish finishing keep it stay middle mixed building spinning steps from until till'.split(
    ' ',
  ),
  ...'ow incline'.split(' '),
);

add({ t: 'phase', phase: 'warmup' }, 'warmup', 'warm up', 'wu', 'w u', 'warming up', 'wup');
add({ t: 'phase', phase: 'main' }, 'main', 'main set', 'ms', 'mainset', 'main sets', 'main part');
add(
  { t: 'phase', phase: 'cooldown' },
  'cooldown',
  'cool down',
  'cd',
  'c d',
  'warm down',
  'warmdown',
  'cooling down',
  'cooldn',
);

add({ t: 'zone', zone: 1 }, 'very easy', 'v easy', 'active recovery', 'regen', 'regeneration', 'super easy');
add(
  { t: 'zone', zone: 2 },
  'easy',
  'aerobic',
  'endurance',
  'base',
  'conversational',
  'comfortable',
  'light',
  'long',
  'lsd',
  'gentle',
  'easy pace',
  'z two',
  'ez',
);
add(
  { t: 'zone', zone: 3 },
  'steady',
  'steady state',
  'tempo',
  'moderate',
  'medium',
  'brisk',
  'mod',
  'marathon pace',
  'mp',
  'marathon effort',
);
add(
  { t: 'zone', zone: 4 },
  'threshold',
  'lt',
  'lactate threshold',
  'ftp',
  'css',
  'sweet spot',
  'sweetspot',
  'sst',
  'ss',
  'hard',
  'cruise',
  'half marathon pace',
  'hm pace',
  'hmp',
  'hm',
  'race pace',
  'threshold pace',
  'strong',
  // A time trial is the best effort the distance allows: for the 20 to 60 minutes most last, threshold
  // (docs/workout-parser.md, "Zones from words").
  'time trial',
  'tt',
  'race effort',
);
add(
  { t: 'zone', zone: 5 },
  'vo2max',
  'max',
  'maximal',
  'all out',
  'allout',
  'sprint',
  'sprints',
  'sprinting',
  'very hard',
  'fast',
  'anaerobic',
  'max effort',
  'full gas',
  'flat out',
  'mile pace',
  'vvo2',
  'tabata',
  'vo2 max',
);
add({ t: 'strides' }, 'strides', 'stride', 'pick ups', 'pickups', 'pick up', 'accelerations', 'accels');

add(
  { t: 'rest' },
  'rest',
  'rests',
  'recover',
  'rec',
  'float',
  'off',
  'rest interval',
  'complete rest',
  'full rest',
  'standing rest',
  'resting',
  'passive',
  'pause',
  'break',
);
add({ t: 'recovery' }, 'recovery', 'recoveries', 'full recovery');
add({ t: 'soft', zone: 2 }, 'jog', 'jogging', 'easy jog', 'easy spin', 'spin easy', 'jog easy', 'easy swim');
add({ t: 'soft', zone: 1 }, 'walk', 'walk back', 'jog back', 'jog down', 'walk down', 'jog recovery');
add({ t: 'sport' }, 'run', 'running', 'runs', 'ride', 'riding', 'bike', 'biking', 'cycle', 'cycling', 'spin');
add({ t: 'sport' }, 'swim', 'swimming', 'row', 'rowing');
add({ t: 'with' }, 'with', 'w', 'plus', 'followed by');
add({ t: 'hr' }, 'hr', 'heart rate', 'heartrate', 'hrz');
add({ t: 'rpe' }, 'rpe');
add({ t: 'ri' }, 'ri');
add({ t: 'zoneword' }, 'zone', 'zones');
add({ t: 'work' }, 'on', 'work');
add({ t: 'ramp' }, 'ramp', 'ramps', 'ramping');

/** Longest phrase, in words, in the table. */
const MAX_WORDS = 3;

export function lookup(phrase: string): Meaning | undefined {
  return table.get(phrase);
}

/**
 * Typos: each one-word entry of five letters or more, with any one letter taken out, mapped back to the entry.
 * A word one letter short of an entry ("wih", "thresold"), with one letter wrong or two swapped ("tmepo",
 * "recovary") finds it through the same keys (docs/workout-parser.md, "What it reads").
 */
const deletions = new Map<string, string | null>();
/** Unit words are read by the quantity reader, not this table, but their typos are corrected the same way. */
const UNIT_WORDS =
  'minutes minute seconds second meters metres kilometers kilometres miles hours yards'.split(' ');
for (const key of [...table.keys(), ...UNIT_WORDS]) {
  if (key.includes(' ') || key.length < 4) continue;
  for (let i = 0; i < key.length; i++) {
    const cut = key.slice(0, i) + key.slice(i + 1);
    const seen = deletions.get(cut);
    // Two entries share a key: the typo is ambiguous, so it matches neither.
    deletions.set(cut, seen === undefined || seen === key ? key : null);
  }
}

/** The entry an unknown word is a typo of: one letter missing, extra, wrong or swapped; short words only
 * when a letter is missing. */
export function lookupTypo(word: string): string | undefined {
  if (word.length < 3 || word.length > 20) return undefined;
  const cached = typoCache.get(word);
  if (cached !== undefined) return cached || undefined;
  const found = findTypo(word);
  // Bounded: unknown words are mostly exercise names and notes, which repeat.
  if (typoCache.size >= 2000) typoCache.clear();
  typoCache.set(word, found ?? '');
  return found;
}

/** Words already looked up: the entry they are a typo of, or '' for none. */
const typoCache = new Map<string, string>();

function findTypo(word: string): string | undefined {
  const missing = deletions.get(word);
  if (missing) return missing;
  if (word.length < 5) return undefined;
  let found: string | undefined;
  for (let i = 0; i < word.length; i++) {
    const cut = word.slice(0, i) + word.slice(i + 1);
    const hit = table.has(cut) || UNIT_WORDS.includes(cut) ? cut : deletions.get(cut);
    // Short entries only match a missing letter: "along" is not "long".
    if (!hit || hit.length < 5) continue;
    if (found && found !== hit) return undefined;
    found = hit;
  }
  return found;
}

export { MAX_WORDS };

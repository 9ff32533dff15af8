// Workout files: .zwo, .mrc and .erg written from intervals read back to the same steps, and malformed files refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromErg,
  fromMrc,
  fromZwo,
  type Interval,
  MAX_FILE_STEPS,
  type Phase,
  parseWorkout,
  primaryZone,
  renderWorkout,
  toErg,
  toMrc,
  toZwo,
  WorkoutFileError,
  type WorkoutFileInput,
  workoutFileName,
  ZONE_FTP_FRACTION,
  type Zone,
  zoneForFtpFraction,
} from '../src/index.ts';

const step = (
  duration_seconds: number,
  zone: Zone,
  isRest = false,
  phase: Phase = 'main',
  targets: Interval['targets'] = {},
): Interval => ({
  name: isRest ? 'Rest' : `Z${zone}`,
  duration_seconds,
  repetitions: 1,
  rest_duration_seconds: 0,
  zone,
  targets,
  isRest,
  phase,
});

/** "Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min" as expanded steps. */
const HEADLINE: Interval[] = [
  step(900, 2, false, 'warmup'),
  ...[1, 2, 3, 4, 5].flatMap((n) => [step(180, 4), ...(n < 5 ? [step(120, 1, true)] : [])]),
  step(600, 1, false, 'cooldown'),
];
const headline = (sport: WorkoutFileInput['sport'] = 'bike'): WorkoutFileInput => ({
  title: 'Threshold 5x3',
  sport,
  intervals: HEADLINE,
});

/** What a round trip must keep. */
const shape = (intervals: Interval[]) =>
  intervals.map((s) => ({ seconds: s.duration_seconds, zone: s.zone, isRest: s.isRest, phase: s.phase }));

const formats = {
  zwo: { write: toZwo, read: fromZwo },
  mrc: { write: toMrc, read: fromMrc },
  erg: { write: toErg, read: fromErg },
} as const;

describe('zone ↔ %FTP mapping', () => {
  it('reads every zone written back as the same zone', () => {
    for (const zone of [1, 2, 3, 4, 5] as const)
      expect(zoneForFtpFraction(ZONE_FTP_FRACTION[zone])).toBe(zone);
  });

  it('uses the documented bands', () => {
    expect([0.3, 0.55, 0.56, 0.75, 0.76, 0.87, 0.88, 1.05, 1.06, 1.5].map(zoneForFtpFraction)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });
});

describe('toZwo', () => {
  it('writes Zwift XML: ramps for warmup and cooldown, IntervalsT for the repeated pairs, SteadyState otherwise', () => {
    const xml = toZwo({ ...headline(), description: 'Hold it' });
    expect(xml).toContain('<sportType>bike</sportType>');
    expect(xml).toContain('<name>Threshold 5x3</name>');
    expect(xml).toContain('<description>Hold it</description>');
    expect(xml).toContain('<Warmup Duration="900" PowerLow="0.6" PowerHigh="0.7"/>');
    expect(xml).toContain(
      '<IntervalsT Repeat="4" OnDuration="180" OffDuration="120" OnPower="0.95" OffPower="0.5"/>',
    );
    // The fifth repetition has no recovery after it.
    expect(xml).toContain('<SteadyState Duration="180" Power="0.95"/>');
    // Zwift's cooldown goes from PowerLow down to PowerHigh.
    expect(xml).toContain('<Cooldown Duration="600" PowerLow="0.55" PowerHigh="0.45"/>');
  });

  it('uses the power target over FTP when both are known, and escapes the title', () => {
    const xml = toZwo(
      {
        title: 'Tom & <Jerry>',
        sport: 'bike',
        intervals: [step(600, 3, false, 'main', { power_watts: 250 })],
      },
      { ftpWatts: 250 },
    );
    expect(xml).toContain('<name>Tom &amp; &lt;Jerry&gt;</name>');
    expect(xml).toContain('<SteadyState Duration="600" Power="1"/>');
    expect(fromZwo(xml).title).toBe('Tom & <Jerry>');
    expect(fromZwo(xml).intervals[0]!.zone).toBe(4);
  });

  it('marks a lone rest step with a Recovery text event, and writes run workouts', () => {
    const xml = toZwo({
      title: 'Run',
      sport: 'run',
      intervals: [step(300, 3), step(60, 1, true), step(300, 5)],
    });
    expect(xml).toContain('<sportType>run</sportType>');
    expect(xml).toContain(
      '<SteadyState Duration="60" Power="0.5"><textevent timeoffset="0" message="Recovery"/>',
    );
    expect(fromZwo(xml).sport).toBe('run');
    expect(shape(fromZwo(xml).intervals).map((s) => s.isRest)).toEqual([false, true, false]);
  });

  it('refuses swim and strength', () => {
    expect(() => toZwo({ title: 'x', sport: 'swim', intervals: HEADLINE })).toThrow(WorkoutFileError);
  });
});

describe('toMrc and toErg', () => {
  it('write percent of FTP over minutes, two points a step, with phase and recovery marks', () => {
    const lines = toMrc(headline()).split('\r\n');
    expect(lines.slice(0, 8)).toEqual([
      '[COURSE HEADER]',
      'VERSION = 2',
      'UNITS = ENGLISH',
      'DESCRIPTION = Threshold 5x3',
      'FILE NAME = threshold-5x3.mrc',
      'MINUTES PERCENT',
      '[END COURSE HEADER]',
      '[COURSE DATA]',
    ]);
    expect(lines.slice(8, 14)).toEqual([
      '0.00\t65',
      '15.00\t65',
      '15.00\t95',
      '18.00\t95',
      '18.00\t50',
      '20.00\t50',
    ]);
    expect(lines).toContain('48.00\t50');
    expect(lines).toContain('[COURSE TEXT]');
    expect(lines).toContain('1080\tRecovery\t10');
    expect(lines).toContain('2280\tCooldown\t10');
  });

  it('write watts with the FTP in the header (250 W when unknown)', () => {
    const erg = toErg(headline(), { ftpWatts: 300 }).split('\r\n');
    expect(erg).toContain('FTP = 300');
    expect(erg).toContain('MINUTES WATTS');
    expect(erg).toContain('15.00\t285');
    expect(toErg(headline())).toContain('FTP = 250');
  });
});

describe('round trips', () => {
  for (const [name, format] of Object.entries(formats)) {
    it(`${name}: the headline workout comes back with the same steps`, () => {
      const back = format.read(format.write(headline(), { ftpWatts: 240 }));
      expect(shape(back.intervals)).toEqual(shape(HEADLINE));
      expect(back.title).toBe('Threshold 5x3');
      expect(back.sport).toBe('bike');
    });
  }

  const arbStep = fc.record({
    seconds: fc.integer({ min: 1, max: 2400 }),
    zone: fc.constantFrom<Zone>(1, 2, 3, 4, 5),
    isRest: fc.boolean(),
    phase: fc.constantFrom<Phase>('warmup', 'main', 'cooldown'),
  });
  const order: Record<Phase, number> = { warmup: 0, main: 1, cooldown: 2 };
  // Work/rest pairs that repeat exercise IntervalsT; random steps exercise everything else.
  const arbIntervals = fc
    .tuple(
      fc.array(arbStep, { minLength: 0, maxLength: 30 }),
      fc.record({
        on: fc.integer({ min: 1, max: 600 }),
        off: fc.integer({ min: 1, max: 600 }),
        onZone: fc.constantFrom<Zone>(3, 4, 5),
        repeat: fc.integer({ min: 0, max: 8 }),
      }),
    )
    .map(([steps, pairs]) => {
      const list = steps.map((s) => step(s.seconds, s.zone, s.isRest, s.phase));
      const repeated = Array.from({ length: pairs.repeat }, () => [
        step(pairs.on, pairs.onZone),
        step(pairs.off, 1, true),
      ]).flat();
      return [...list, ...repeated].sort((a, b) => order[a.phase] - order[b.phase]);
    })
    .filter((list) => list.length > 0);

  for (const [name, format] of Object.entries(formats)) {
    it(`${name}: any interval list keeps its durations, zones, rest flags and phases`, () => {
      fc.assert(
        fc.property(
          arbIntervals,
          fc.integer({ min: 100, max: 450 }),
          fc.constantFrom<'bike' | 'run'>('bike', 'run'),
          (intervals, ftpWatts, sport) => {
            const workout = { title: 'Random', sport: name === 'zwo' ? sport : 'bike', intervals } as const;
            const back = format.read(format.write(workout, { ftpWatts }));
            expect(shape(back.intervals)).toEqual(shape(intervals));
          },
        ),
        { numRuns: 200 },
      );
    });
  }
});

describe('reading files from elsewhere', () => {
  it('reads a typical Zwift file: ramps, IntervalsT, FreeRide and lower-case attributes', () => {
    const xml = `<?xml version="1.0"?>
      <workout_file>
        <author>Zwift</author><name>The Gorby</name><sportType>bike</sportType>
        <workout>
          <Warmup Duration="600" PowerLow="0.25" PowerHigh="0.75" pace="0"/>
          <IntervalsT Repeat="3" OnDuration="60" OffDuration="30" OnPower="1.2" OffPower="0.4"/>
          <SteadyState duration="300" power="0.85"><textevent timeoffset="10" message="Hold steady"/></SteadyState>
          <FreeRide Duration="120"/>
          <Cooldown Duration="300" PowerLow="0.6" PowerHigh="0.3"/>
        </workout>
      </workout_file>`;
    const w = fromZwo(xml);
    expect(w.title).toBe('The Gorby');
    expect(shape(w.intervals)).toEqual([
      { seconds: 600, zone: 1, isRest: false, phase: 'warmup' },
      { seconds: 60, zone: 5, isRest: false, phase: 'main' },
      { seconds: 30, zone: 1, isRest: true, phase: 'main' },
      { seconds: 60, zone: 5, isRest: false, phase: 'main' },
      { seconds: 30, zone: 1, isRest: true, phase: 'main' },
      { seconds: 60, zone: 5, isRest: false, phase: 'main' },
      { seconds: 30, zone: 1, isRest: true, phase: 'main' },
      { seconds: 300, zone: 3, isRest: false, phase: 'main' },
      { seconds: 120, zone: 2, isRest: false, phase: 'main' },
      { seconds: 300, zone: 1, isRest: false, phase: 'cooldown' },
    ]);
  });

  it('reads an .mrc without phase labels: a rising first ramp is the warmup, a falling last one the cooldown', () => {
    const mrc = [
      '[COURSE HEADER]',
      'DESCRIPTION = Sweet spot',
      'MINUTES PERCENT',
      '[END COURSE HEADER]',
      '[COURSE DATA]',
      '0 40',
      '10 70',
      '10 85',
      '30 85',
      '30 60',
      '40 40',
      '[END COURSE DATA]',
    ].join('\n');
    const w = fromMrc(mrc);
    expect(w.title).toBe('Sweet spot');
    expect(shape(w.intervals)).toEqual([
      { seconds: 600, zone: 1, isRest: false, phase: 'warmup' },
      { seconds: 1200, zone: 3, isRest: false, phase: 'main' },
      { seconds: 600, zone: 1, isRest: false, phase: 'cooldown' },
    ]);
  });
});

describe('malformed files', () => {
  const zwoErrors: Array<[string, string, RegExp]> = [
    ['empty', '', /empty/],
    ['garbage bytes', '\u0000\u0001\u00ff\u00fePK\u0003\u0004', /not well-formed XML|NUL character/],
    ['truncated XML', toZwo(headline()).slice(0, 300), /not well-formed XML/],
    ['another root', '<html><body/></html>', /<workout_file>/],
    ['no workout', '<workout_file><name>x</name></workout_file>', /no <workout>/],
    ['swim', '<workout_file><sportType>swim</sportType><workout/></workout_file>', /sportType is "swim"/],
    ['no steps', '<workout_file><workout></workout></workout_file>', /no timed steps/],
    [
      'bad number',
      '<workout_file><workout><SteadyState Duration="ten" Power="0.5"/></workout></workout_file>',
      /not a number/,
    ],
    ['no power', '<workout_file><workout><SteadyState Duration="60"/></workout></workout_file>', /no Power/],
    [
      'power as percent',
      '<workout_file><workout><SteadyState Duration="60" Power="95"/></workout></workout_file>',
      /fraction of FTP/,
    ],
    [
      'unknown block',
      '<workout_file><workout><Teleport Duration="60"/></workout></workout_file>',
      /<Teleport>/,
    ],
    [
      'huge repeat',
      '<workout_file><workout><IntervalsT Repeat="100000" OnDuration="1" OffDuration="1" OnPower="1" OffPower="0.5"/></workout></workout_file>',
      /Repeat/,
    ],
    ['doctype', '<!DOCTYPE x [<!ENTITY a "b">]><workout_file/>', /DOCTYPE/],
    [
      '20,000 nested tags',
      `<workout_file><workout>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</workout></workout_file>`,
      /more than 32 levels deep/,
    ],
    [
      'a NUL character in its name',
      '<workout_file><name>Sweet&#0;spot</name><workout><SteadyState Duration="60" Power="0.9"/></workout></workout_file>',
      /NUL/,
    ],
  ];
  for (const [what, xml, message] of zwoErrors) {
    it(`.zwo ${what}: WorkoutFileError naming the problem`, () => {
      expect(() => fromZwo(xml)).toThrow(WorkoutFileError);
      expect(() => fromZwo(xml)).toThrow(message);
    });
  }

  it(`.zwo with more than ${MAX_FILE_STEPS} steps is refused`, () => {
    const blocks = '<SteadyState Duration="10" Power="0.5"/>'.repeat(MAX_FILE_STEPS + 1);
    expect(() => fromZwo(`<workout_file><workout>${blocks}</workout></workout_file>`)).toThrow(
      /more than 500/,
    );
  });

  const mrc = toMrc(headline());
  const courseErrors: Array<[string, () => unknown, RegExp]> = [
    ['garbage', () => fromMrc('\u0000\u0001garbage'), /outside any section/],
    [
      'data before header',
      () =>
        fromMrc(
          [
            '[COURSE DATA]',
            '0 50',
            '1 50',
            '[END COURSE DATA]',
            '[COURSE HEADER]',
            'MINUTES PERCENT',
            '[END COURSE HEADER]',
          ].join('\n'),
        ),
      /out of order/,
    ],
    [
      'truncated',
      () => fromMrc(mrc.slice(0, mrc.indexOf('[END COURSE DATA]'))),
      /\[END COURSE DATA\] is missing/,
    ],
    ['bad data line', () => fromMrc(mrc.replace('15.00\t95', '15.00 ninety-five')), /minutes value/],
    ['time backwards', () => fromMrc(mrc.replace('18.00\t95', '1.00\t95')), /time goes backwards/],
    ['watts in an .mrc', () => fromMrc(mrc.replace('MINUTES PERCENT', 'MINUTES WATTS')), /save it as \.erg/],
    ['no units line', () => fromMrc(mrc.replace('MINUTES PERCENT\r\n', '')), /MINUTES PERCENT/],
    ['erg without FTP', () => fromErg(toErg(headline()).replace('FTP = 250\r\n', '')), /needs the FTP/],
    ['percent in an .erg', () => fromErg(mrc), /save it as \.mrc/],
    ['unknown section', () => fromMrc(mrc.replace('[COURSE TEXT]', '[COURSE VIDEO]')), /unknown section/],
  ];
  for (const [what, read, message] of courseErrors) {
    it(`course file ${what}: WorkoutFileError naming the problem`, () => {
      expect(read).toThrow(WorkoutFileError);
      expect(read).toThrow(message);
    });
  }
});

describe('workoutFileName', () => {
  it('makes a safe ASCII name from any title', () => {
    expect(workoutFileName('Crème brûlée: 5×3′ @ Z4!', 'zwo')).toBe('creme-brulee-5-3-z4.zwo');
    expect(workoutFileName('日本語', 'fit')).toBe('workout.fit');
  });
});

describe('.zwo targets survive import, text and export', () => {
  // A Zwift anaerobic-capacity session as Zwift's editor writes it: ramps, 300 % sprints, an over-under.
  const zwift = `<workout_file>
  <name>Anaerobic capacity</name>
  <sportType>bike</sportType>
  <workout>
    <Warmup Duration="600" PowerLow="0.45" PowerHigh="0.75" Cadence="90"/>
    <IntervalsT Repeat="6" OnDuration="10" OffDuration="170" OnPower="3.0" OffPower="0.5" Cadence="110"/>
    <SteadyState Duration="120" Power="0.9"/>
    <SteadyState Duration="60" Power="1.05"/>
    <FreeRide Duration="300"/>
    <Cooldown Duration="300" PowerLow="0.7" PowerHigh="0.4"/>
  </workout>
</workout_file>`;

  it('reads power as % FTP, ramps as ramps, the Off half as rest, cadence, and free rides by name', () => {
    const { intervals } = fromZwo(zwift);
    expect(intervals[0]).toMatchObject({
      phase: 'warmup',
      targets: { power_percent_ftp: 45, ramp_to_percent_ftp: 75, cadence_rpm: 90 },
    });
    expect(intervals[1]).toMatchObject({
      zone: 5,
      isRest: false,
      targets: { power_percent_ftp: 300, cadence_rpm: 110 },
    });
    expect(intervals[2]).toMatchObject({ isRest: true, targets: { power_percent_ftp: 50 } });
    expect(intervals[13]).toMatchObject({ zone: 4, targets: { power_percent_ftp: 90 } });
    expect(intervals[14]).toMatchObject({ zone: 4, targets: { power_percent_ftp: 105 } });
    expect(intervals[15]).toMatchObject({ name: 'Free ride', zone: 2 });
    expect(intervals[16]).toMatchObject({
      phase: 'cooldown',
      targets: { power_percent_ftp: 70, ramp_to_percent_ftp: 40 },
    });
  });

  it('keeps every target through the plain-language text and back into the file, and the main zone', () => {
    const imported = fromZwo(zwift);
    const text = renderWorkout(imported.intervals);
    expect(text).toContain('10s Z5 300% FTP 110rpm');
    expect(text).toContain('ramp 45-75% FTP');
    const parsed = parseWorkout(text, { sport: 'bike' });
    expect(parsed.warnings).toEqual([]);
    const durations = (list: readonly Interval[]) => list.map((s) => s.duration_seconds);
    expect(durations(parsed.intervals)).toEqual(durations(imported.intervals));
    expect(parsed.intervals.map((s) => s.isRest)).toEqual(imported.intervals.map((s) => s.isRest));
    const percents = (list: readonly Interval[]) =>
      list.map((s) => [s.targets.power_percent_ftp, s.targets.ramp_to_percent_ftp]);
    expect(percents(parsed.intervals)).toEqual(percents(imported.intervals));
    // An anaerobic-capacity session is about its sprints, not its long recoveries.
    expect(primaryZone(parsed.intervals)).toBe(5);
    const exported = toZwo({ title: 'Anaerobic capacity', sport: 'bike', intervals: parsed.intervals });
    expect(exported).toContain('OnPower="3"');
    expect(exported).toContain('OffPower="0.5"');
    expect(exported).toContain('<Warmup Duration="600" PowerLow="0.45" PowerHigh="0.75"/>');
    expect(exported).toContain('<Cooldown Duration="300" PowerLow="0.7" PowerHigh="0.4"/>');
    expect(exported).toContain('<SteadyState Duration="120" Power="0.9"/>');
    expect(exported).toContain('<SteadyState Duration="60" Power="1.05"/>');
  });
});

describe('.mrc and .erg targets survive import, text and export', () => {
  const mrc = [
    '[COURSE HEADER]',
    'MINUTES PERCENT',
    '[END COURSE HEADER]',
    '[COURSE DATA]',
    '0.00\t50',
    '3.00\t75',
    '3.00\t300',
    '3.17\t300',
    '3.17\t90',
    '5.17\t90',
    '[END COURSE DATA]',
  ].join('\n');

  it('reads a changing stretch as a ramp and a flat one as its % FTP, and writes them back the same', () => {
    const { intervals } = fromMrc(mrc);
    expect(
      intervals.map((s) => [s.duration_seconds, s.targets.power_percent_ftp, s.targets.ramp_to_percent_ftp]),
    ).toEqual(
      [
        [180, 50, undefined],
        [10, 300, undefined],
        [120, 90, undefined],
      ].map(([d, p], i) => (i === 0 ? [d, p, 75] : [d, p, undefined])),
    );
    const parsed = parseWorkout(renderWorkout(intervals), { sport: 'bike' });
    const written = toMrc({ title: 'Ramp and sprint', sport: 'bike', intervals: parsed.intervals });
    expect(written).toContain('0.00\t50\r\n3.00\t75\r\n3.00\t300\r\n3.17\t300\r\n3.17\t90\r\n5.17\t90');
    const erg = toErg(
      { title: 'Ramp and sprint', sport: 'bike', intervals: parsed.intervals },
      { ftpWatts: 300 },
    );
    expect(erg).toContain('3.00\t900');
  });
});

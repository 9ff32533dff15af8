// Goal prompts as athletes write them (typos, mixed forms, several goals), with what the goal parser must read
// from each. Every text is read on TODAY (a Monday). Only the fields listed are checked; `assumed`, when given,
// is the exact set of fields that took their default.
import type { Experience, GoalAssumed, GoalSport, Injury, RaceType, WeekDay } from '../src/index.ts';

export const TODAY = '2026-11-23';

export interface GoalFixture {
  text: string;
  race?: RaceType;
  sport?: GoalSport;
  meters?: number;
  distance?: string;
  date?: string;
  target?: string;
  hours?: number;
  range?: { min: number; max: number } | null;
  weekdayMax?: number | null;
  experience?: Experience;
  injuries?: Injury[];
  longRun?: WeekDay;
  longRide?: WeekDay;
  noSwim?: WeekDay;
  rest?: WeekDay[];
  assumed?: (keyof GoalAssumed)[];
  /** Names of the other events read. */
  others?: RaceType[];
}

export const GOAL_FIXTURES: readonly GoalFixture[] = [
  // Dates in every common form
  {
    text: 'Ironman next April 12th, 8-10 hours a week',
    race: 'Ironman',
    date: '2027-04-12',
    hours: 9,
    range: { min: 8, max: 10 },
  },
  { text: 'I want to run a marathon in 16 weeks', race: 'Marathon', date: '2027-03-15' },
  {
    text: 'Half marathon on 12/10/2027, aiming for 1:45',
    race: 'Half Marathon',
    date: '2027-12-10',
    target: '1:45:00',
  },
  { text: 'Doing Ironman Barcelona in October 2027', race: 'Ironman', date: '2027-10-10' },
  { text: 'My 10k race is on the 3rd of May', race: '10K', date: '2027-05-03' },
  { text: 'Marathon on 2027-04-18 sub 3', race: 'Marathon', date: '2027-04-18', target: '3:00:00' },
  {
    text: '5k parkrun PB attempt in 8 weeks, want to go under 20 minutes',
    race: '5K',
    date: '2027-01-18',
    target: '0:20:00',
  },
  { text: 'half ironman June 7 2027', race: 'Half Ironman', date: '2027-06-07' },
  { text: 'Olympic triathlon on Jun 20th', race: 'Olympic Triathlon', date: '2027-06-20' },
  {
    text: 'sprint tri in 12 weeks, first one ever!',
    race: 'Sprint Triathlon',
    date: '2027-02-15',
    experience: 'beginner',
  },
  { text: 'Century ride 4 months from now', race: 'Century Ride', sport: 'bike', date: '2027-03-23' },
  {
    text: 'The marathon is 20 weeks away. 6 hours per week max',
    race: 'Marathon',
    date: '2027-04-12',
    hours: 6,
  },
  {
    text: 'Berlin marathon september 26 2027, goal time 2:59',
    race: 'Marathon',
    date: '2027-09-26',
    target: '2:59:00',
  },
  {
    text: 'Chicago Marathon, October 10th 2027, BQ attempt',
    race: 'Marathon',
    date: '2027-10-10',
    experience: 'advanced',
  },
  { text: 'half marathon march 2027', race: 'Half Marathon', date: '2027-03-14' },
  { text: '70.3 on 25/06/2027', race: 'Half Ironman', date: '2027-06-25' },
  { text: 'a 10K in 10 weeks', race: '10K', date: '2027-02-01' },
  { text: 'IRONMAN 70.3 Mallorca, May 8th', race: 'Half Ironman', date: '2027-05-08' },
  { text: 'My race is 24 weeks out: Ironman Frankfurt', race: 'Ironman', date: '2027-05-10' },
  {
    text: 'gran fondo on July 4th, 2027',
    race: 'Custom Event',
    sport: 'bike',
    distance: 'Gran Fondo',
    date: '2027-07-04',
  },

  // Typos and mixed forms
  {
    text: 'first marathan next spring, 5 hrs a week',
    race: 'Marathon',
    hours: 5,
    experience: 'beginner',
    assumed: ['target', 'date', 'injuries', 'long_run_day', 'long_ride_day', 'no_swim_day', 'rest_days'],
  },
  { text: 'half marthon sub 2hrs in april', race: 'Half Marathon', target: '2:00:00', date: '2027-04-11' },
  {
    text: 'ironman in 30 weeks, 12-14 hrs/week',
    race: 'Ironman',
    date: '2027-06-21',
    hours: 13,
    range: { min: 12, max: 14 },
  },
  {
    text: 'triathalon this summer, olympic distance, never done one',
    race: 'Olympic Triathlon',
    experience: 'beginner',
  },
  { text: 'halfmarathon in 14 wks', race: 'Half Marathon', date: '2027-03-01' },
  {
    text: 'iron man 140.6 in oct 2027 with 10 hours per week',
    race: 'Ironman',
    date: '2027-10-10',
    hours: 10,
  },
  { text: '5K under 25 mins', race: '5K', target: '0:25:00' },
  { text: 'wanna break 50 in the 10k', race: '10K', target: '0:50:00' },
  {
    text: 'Half-Ironman, im a beginner, 7 hours weekly',
    race: 'Half Ironman',
    experience: 'beginner',
    hours: 7,
  },
  { text: 'marathon 3:15:00 goal, 7 hrs a wk', race: 'Marathon', hours: 7 },

  // Several goals: the A race wins
  {
    text: 'Half marathon in March as a tune-up, main goal is the marathon on May 2nd 2027',
    race: 'Marathon',
    date: '2027-05-02',
    others: ['Half Marathon'],
  },
  {
    text: 'A race: Ironman Austria July 4 2027. B race: 70.3 in May',
    race: 'Ironman',
    date: '2027-07-04',
    others: ['Half Ironman'],
  },
  { text: 'doing a 10k and a half marathon in the spring', race: 'Half Marathon', others: ['10K'] },
  {
    text: 'Olympic tri on June 6th 2027 and a sprint tri on May 9th 2027 as a warm-up race',
    race: 'Olympic Triathlon',
    date: '2027-06-06',
    others: ['Sprint Triathlon'],
  },
  {
    text: 'My goal race is the 5k on March 7th but I will also run a marathon later for fun',
    race: '5K',
    date: '2027-03-07',
  },
  {
    text: 'marathon in april (tune up half in feb), ironman in september 2027 is the big one',
    race: 'Ironman',
    date: '2027-09-12',
  },
  { text: 'Two races: a century ride in June and a 10K in April', race: 'Century Ride', others: ['10K'] },
  {
    text: 'B race 10k on 2027-02-14, A race half marathon on 2027-04-11',
    race: 'Half Marathon',
    date: '2027-04-11',
  },

  // Custom distances and open water
  {
    text: 'a 50k trail race in the mountains in June',
    race: 'Custom Event',
    sport: 'run',
    meters: 50000,
    distance: '50 km',
  },
  {
    text: '200 km ride next summer',
    race: 'Custom Event',
    sport: 'bike',
    meters: 200000,
    distance: '200 km',
  },
  { text: 'open water swim 3.8 km in August', race: 'Open Water Swim', sport: 'swim', meters: 3800 },
  { text: '1 mile swim in the lake in july', race: 'Open Water Swim', sport: 'swim', meters: 1609 },
  { text: 'open-water race, 5 km swim', race: 'Open Water Swim', sport: 'swim', meters: 5000 },
  { text: '100 mile ultra in 2027 october', race: 'Custom Event', sport: 'run', meters: 160934 },
  { text: 'a 42.2 km run in april', race: 'Marathon', meters: 42195 },
  { text: 'a 30 km race', race: 'Custom Event', sport: 'run', meters: 30000 },
  { text: '150 km gravel ride in may', race: 'Custom Event', sport: 'bike', meters: 150000 },
  { text: 'swim across the bay: 2.4 mile open water swim', race: 'Open Water Swim', meters: 3862 },
  { text: 'open water swimming event', race: 'Open Water Swim', sport: 'swim' },
  { text: 'sportive in the alps next july', race: 'Custom Event', sport: 'bike', distance: 'Gran Fondo' },

  // Weekly hours
  // Only the weekdays are given: the week's hours stay for the review to ask, the weekday cap is kept.
  { text: 'marathon, I only have 45 minutes on weekdays', hours: 6, weekdayMax: 45 },
  { text: 'half marathon, 45 minutes on weekdays and 3 hours on weekends', hours: 9.75, weekdayMax: 45 },
  { text: 'Olympic tri, 1 hour on weekdays and 4 hours on the weekend', hours: 9, weekdayMax: 60 },
  { text: 'marathon, I can do an hour a day', hours: 7 },
  { text: '10k, about 5-6 hours a week', hours: 5.5, range: { min: 5, max: 6 } },
  { text: 'ironman, 15 hours per week', hours: 15 },
  { text: 'half ironman, weekly volume of 8 hours', hours: 8 },
  { text: 'marathon: 90 minutes a day, 5 days a week', hours: 7.5 },
  { text: 'five hours a week for a 10k', hours: 5, race: '10K' },
  { text: 'marathon in under 4 hours, 6 hours a week', target: '4:00:00', hours: 6 },

  // Experience
  { text: 'this will be my 5th marathon', experience: 'advanced' },
  { text: 'my second half marathon', experience: 'intermediate' },
  { text: "I've done 3 marathons, now I want a sub 3:30", experience: 'intermediate', target: '3:30:00' },
  { text: 'experienced triathlete going for Kona', race: 'Ironman', experience: 'advanced' },
  { text: 'complete beginner, couch to 5k', race: '5K', experience: 'beginner' },
  {
    text: 'intermediate runner, half marathon',
    experience: 'intermediate',
    assumed: [
      'date',
      'target',
      'weekly_hours',
      'injuries',
      'long_run_day',
      'long_ride_day',
      'no_swim_day',
      'rest_days',
    ],
  },
  { text: '10 years of running, marathon PR attempt', experience: 'advanced' },
  {
    text: 'new to triathlon, sprint distance triathlon in summer',
    race: 'Sprint Triathlon',
    experience: 'beginner',
  },
  { text: 'I have completed 12 marathons', experience: 'advanced' },
  { text: 'first ever ironman after 4 halves', experience: 'intermediate' },

  // Injuries
  { text: 'marathon, recovering from a knee injury', injuries: ['knee'] },
  { text: 'half marathon but my achilles is sore', injuries: ['achilles'] },
  // "Last year" makes the shin splints a past injury (athlete.past_injuries), not a current one.
  { text: 'ironman, bad back and shin splints last year', injuries: ['back'] },
  { text: '10k, dealing with plantar fasciitis', injuries: ['plantar_fasciitis'] },
  { text: 'marathon, IT band issues on long runs', injuries: ['it_band'] },
  { text: 'olympic tri, shoulder pain when swimming', injuries: ['shoulder'] },
  {
    text: 'marathon, no injuries',
    injuries: [],
    assumed: [
      'date',
      'target',
      'weekly_hours',
      'experience',
      'long_run_day',
      'long_ride_day',
      'no_swim_day',
      'rest_days',
    ],
  },
  {
    text: 'half marathon, had a stress fracture in my foot and tight calves',
    injuries: ['calf', 'stress_fracture'],
  },
  { text: 'coming back from lower back pain, century ride', injuries: ['back'], race: 'Century Ride' },
  { text: 'marathon, hamstring strain and a dodgy ankle', injuries: ['hamstring', 'ankle'] },

  // Day preferences
  { text: 'Ironman, no swimming on Sundays', noSwim: 'sunday' },
  {
    text: 'half ironman. Long run on sundays, long ride on saturdays',
    longRun: 'sunday',
    longRide: 'saturday',
  },
  { text: 'marathon, sunday long run, mondays off', longRun: 'sunday', rest: ['monday'] },
  {
    text: 'olympic tri; pool is closed on wednesdays; rest day friday',
    noSwim: 'wednesday',
    rest: ['friday'],
  },
  {
    text: 'ironman, long rides on Saturday and I rest on Mondays and Fridays',
    longRide: 'saturday',
    rest: ['monday', 'friday'],
  },
  { text: "70.3, can't swim on tuesdays, long bike sunday", noSwim: 'tuesday', longRide: 'sunday' },
  {
    text: 'marathon. Saturday is my long run day',
    longRun: 'saturday',
    assumed: [
      'date',
      'target',
      'weekly_hours',
      'experience',
      'injuries',
      'long_ride_day',
      'no_swim_day',
      'rest_days',
    ],
  },
  { text: 'sprint triathlon, rest days are Tuesday and Thursday', rest: ['tuesday', 'thursday'] },

  // Nothing given: everything assumed
  {
    text: 'I just want to get fitter and healthier',
    race: 'Half Marathon',
    sport: 'run',
    hours: 6,
    experience: 'intermediate',
    injuries: [],
    longRun: 'saturday',
    longRide: 'friday',
    noSwim: 'sunday',
    rest: ['monday'],
    target: 'finish',
    date: '2027-03-07',
  },
  { text: 'I want to get better at cycling', race: 'Century Ride', sport: 'bike' },
  { text: 'just want to finish a triathlon', race: 'Olympic Triathlon', target: 'finish' },
];

// The coach corpus's tuning part (docs/coach.md, "Corpus"), and what the new intents do with the fixture's week.
// The held-out part is scored only by `npm run bench -- coach`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CoachProposedAction, coachReply, messageSlots, parseMessage } from '../src/index.ts';
import { readCorpus, scoreCorpus, summarize } from './coach-corpus.ts';
import { snapshot, TODAY } from './coach-fixture.ts';

const tuning = readCorpus('tuning');
const heldOut = readCorpus('held-out');

describe('the coach corpus', () => {
  it('holds at least 300 messages, a fifth of them held out, no message in both parts', () => {
    expect(tuning.length + heldOut.length).toBeGreaterThanOrEqual(300);
    expect(heldOut.length / (tuning.length + heldOut.length)).toBeGreaterThanOrEqual(0.19);
    const seen = new Set(tuning.map((e) => e.text.toLowerCase()));
    expect(heldOut.filter((e) => seen.has(e.text.toLowerCase()))).toEqual([]);
  });

  it('reads the tuning part: intent, slots and first action at or above their floors', () => {
    const scores = scoreCorpus(tuning);
    const wrong = scores
      .filter((s) => !s.intentOk || s.slotsOk < s.slotsTotal || !s.actionOk)
      .map((s) => `${s.entry.line}: ${s.entry.text} → ${JSON.stringify(s.got)}`);
    const sum = summarize(scores);
    expect(sum.intent, wrong.join('\n')).toBeGreaterThanOrEqual(0.98);
    expect(sum.slots, wrong.join('\n')).toBeGreaterThanOrEqual(0.98);
    expect(sum.action, wrong.join('\n')).toBeGreaterThanOrEqual(0.97);
  });
});

const kinds = (actions: CoachProposedAction[]) => actions.map((a) => `${a.kind}:${a.workoutId}`);

describe('illness', () => {
  it('"I\'m sick today": rest today and tomorrow, then a gradual return, never "as planned"', () => {
    const answer = coachReply(snapshot(), "I'm sick today");
    expect(answer.intent).toBe('illness');
    expect(answer.reply).not.toMatch(/as planned/i);
    // Thursday's threshold run rests (Friday is empty); Saturday's 3-hour ride comes back at half, easy; Sunday's
    // easy 45 min at three quarters.
    expect(kinds(answer.actions)).toEqual(['rest:thu', 'swap:sat', 'shorten:sun']);
    expect(answer.actions[0]!.patch).toEqual({ status: 'skipped' });
    expect(answer.actions[0]!.reason).toMatch(/Ill/);
    expect(answer.actions[1]!.patch).toMatchObject({ durationMinutes: 90, intensityZone: 2 });
    expect(answer.actions[2]!.patch).toEqual({ durationMinutes: 35 });
  });

  it('symptoms above the neck keep training, easy and short', () => {
    const answer = coachReply(snapshot(), 'runny nose and a sore throat');
    expect(kinds(answer.actions)).toEqual(['swap:thu']);
    expect(answer.actions[0]!.patch).toMatchObject({ durationMinutes: 45, intensityZone: 2 });
  });

  it('symptoms above the neck on an easy day offer rest, not nothing', () => {
    const s = snapshot({ today: '2026-11-29' });
    const answer = coachReply(s, 'got a head cold');
    expect(kinds(answer.actions)).toEqual(['rest:sun']);
  });
});

describe('injury', () => {
  it('a sore knee rests the runs and rides, then brings the first run back at half', () => {
    const answer = coachReply(snapshot(), 'my knee hurts');
    expect(messageSlots(parseMessage('my knee hurts'), TODAY)).toEqual({ part: 'knee' });
    expect(kinds(answer.actions)).toEqual(['rest:thu', 'rest:sat', 'shorten:sun']);
  });

  it('a sore shoulder keeps the running and eases the next swim', () => {
    const answer = coachReply(snapshot(), 'my shoulder hurts');
    expect(kinds(answer.actions)).toEqual(['shorten:thu2']);
    expect(answer.reply).toMatch(/running and cycling can go on/);
  });
});

describe('relative days', () => {
  it('"move tomorrow\'s workout to the day after" moves it, without asking which day', () => {
    const s = snapshot({ today: '2026-11-25' });
    const answer = coachReply(s, "move tomorrow's workout to the day after");
    expect(answer.reply).not.toMatch(/Which day/);
    expect(answer.actions[0]).toMatchObject({
      kind: 'move',
      workoutId: 'thu',
      patch: { workoutDate: '2026-11-27' },
    });
  });

  it('"Friday instead" is a day of the session\'s own week', () => {
    const answer = coachReply(snapshot(), 'swim technique on friday instead');
    expect(answer.actions[0]).toMatchObject({ workoutId: 'thu2', patch: { workoutDate: '2026-12-04' } });
  });
});

describe('week review', () => {
  it('assesses planned against done, key sessions, CTL/ATL/TSB and one thing to do', () => {
    const answer = coachReply(snapshot(), 'How was my week?');
    expect(answer.intent).toBe('week_review');
    // Mon 23 to Thu 26: Monday's easy run done; Tuesday's VO2 intervals and Wednesday's easy run missed.
    expect(answer.reply).toContain('1 of 3 sessions done');
    expect(answer.reply).toContain('Key sessions: 0 of 1 done');
    expect(answer.reply).toContain("✗ 'VO2 max intervals'");
    expect(answer.reply).toContain('Fitness (CTL) went from 53.4 to 55.2 (+1.8)');
    expect(answer.reply).toMatch(/One thing to do next: protect the next key session, 'Threshold intervals'/);
    expect(answer.actions).toEqual([]);
  });

  it('on a Monday looks back at the week before', () => {
    const answer = coachReply(snapshot({ today: '2026-11-30' }), 'how was my week');
    expect(answer.reply).toMatch(/^Last week \(Mon 23 Nov to Sun 29 Nov\)/);
  });
});

describe('any message', () => {
  it('proposes only actions on planned workouts of the snapshot, each with a reason', () => {
    const s = snapshot();
    const ids = new Set(s.workouts.filter((w) => w.status === 'planned').map((w) => w.id));
    fc.assert(
      fc.property(
        fc.constantFrom(...tuning.map((e) => e.text), ...['sick', 'knee', 'travel', 'rain']),
        fc.string({ maxLength: 30 }),
        (text, noise) => {
          const answer = coachReply(s, `${text} ${noise}`);
          for (const a of answer.actions) {
            expect(ids.has(a.workoutId)).toBe(true);
            expect(a.reason.length).toBeGreaterThan(0);
            if (a.patch.workoutDate) expect(a.patch.workoutDate >= s.today).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

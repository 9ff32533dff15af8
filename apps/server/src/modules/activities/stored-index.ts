// What an archive knows of the athlete's stored recordings (docs/activities.md, "Platform archives", "Speed"):
// the contents of their originals and the sport and rough time of their activities' starts, read once when the
// archive starts and kept up as its rounds are stored. A filter in front of the two duplicate checks made while
// a member is read (by content, by start): where it knows nothing near, the check's statement is not sent;
// where it may, the database answers as before. It never decides a duplicate itself, and the round's checks
// in the transaction (import-store.ts `storeMany`) stay the rule.

export interface StoredIndex {
  /** Whether an original with this content may be stored (false: it is not). */
  mayHaveFile(sha256: string): boolean;
  /** Whether an activity of `sport` may start within the duplicate window of `start` (false: none does). */
  mayHaveNear(sport: string, start: Date): boolean;
  /** Members of a round, stored or settled as duplicates: what the next rounds' members are checked against. */
  add(members: ReadonlyArray<{ sha256: string; legs: ReadonlyArray<{ sport: string; start: Date }> }>): void;
}

/**
 * The index of `shas` and `starts`. A start is kept as its sport and its slot of `windowSeconds` (the duplicate
 * window); a start within the window of another lies in the same slot or the one either side, so three look-ups
 * answer `mayHaveNear`.
 */
export function storedIndex(
  shas: readonly string[],
  starts: ReadonlyArray<{ sport: string; startTime: Date }>,
  windowSeconds: number,
): StoredIndex {
  const slotMs = windowSeconds * 1000;
  const files = new Set(shas);
  const slots = new Set<string>();
  const keyOf = (sport: string, slot: number) => `${sport}@${slot}`;
  const addStart = (sport: string, start: Date) =>
    slots.add(keyOf(sport, Math.floor(start.getTime() / slotMs)));
  for (const s of starts) addStart(s.sport, s.startTime);
  return {
    mayHaveFile: (sha256) => files.has(sha256),
    mayHaveNear(sport, start) {
      const slot = Math.floor(start.getTime() / slotMs);
      return (
        slots.has(keyOf(sport, slot - 1)) ||
        slots.has(keyOf(sport, slot)) ||
        slots.has(keyOf(sport, slot + 1))
      );
    },
    add(members) {
      for (const member of members) {
        files.add(member.sha256);
        for (const leg of member.legs) addStart(leg.sport, leg.start);
      }
    },
  };
}

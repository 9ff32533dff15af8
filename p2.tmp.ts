import { parseWorkout } from './packages/core/src/index.ts';
for (const [t, sport] of [["90' ride with 3x10' @ threshold", 'bike'], ['90 min ride including 3x10 min at FTP', 'bike'], ['Progression run 50 min: start easy, finish at threshold', 'run'], ['60 min with 6x 3min over-unders (1 min 105%, 2 min 95%)', 'bike'], ['45 min fartlek within the run: 8x 1 min hard', 'run'], ['1h run with 5x1km @ 10k pace', 'run']] as const) {
  const p = parseWorkout(t, { sport: sport as any });
  console.log(t, '=>', Math.round(p.total_duration_estimated / 60), 'min', p.intervals.map(i => `${Math.round(i.duration_seconds/60*10)/10}Z${i.zone ?? '?'}`).join(' '));
}

// Coggan's seven power levels by name, in watts from the FTP in force, shown under the app's five power zones
// (docs/zones.md, "Coggan's seven power levels"). Read-only: the five zones are the ones the app's zone 1–5
// scale uses and the athlete may edit; these seven are Coggan's own, and follow the FTP.
import type { ZoneTable } from '@stamina/contract';

export function CogganLevels({ levels }: { levels: NonNullable<ZoneTable['levels']> }) {
  return (
    <section aria-label="Coggan's 7 power levels" className="space-y-2">
      <h3 className="font-semibold">Coggan's 7 power levels (W)</h3>
      <p className="text-sm text-muted-foreground">
        Allen &amp; Coggan's training levels by % of FTP, shown for reference and in each ride's time in
        zones. The app's zones 1–5 above fold levels 5–7 into zone 5; workouts, load and compliance use zones
        1–5.
      </p>
      <table className="w-full table-fixed text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-2 font-medium">
              Level
            </th>
            <th scope="col" className="py-1 font-medium">
              Watts
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {levels.map((l) => (
            <tr key={l.level} className="border-t border-border">
              <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                {l.level} {l.name}
              </th>
              <td>{l.max === null ? `${l.min}+` : `${l.min}–${l.max}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

// The GPS track as a plain SVG line (docs/activities.md, "Web"): drawn when no map tiles are configured or they
// fail to load. Latitude and longitude are projected flat, longitude scaled by the cosine of the mean
// latitude, which is true to shape at the size of one activity.
import { useMemo } from 'react';

const SIZE = 1000;
const PAD = 40;

function projectTrack(points: readonly [number, number][]): {
  path: string;
  width: number;
  height: number;
} {
  if (points.length === 0) return { path: '', width: SIZE, height: SIZE };
  const meanLat = points.reduce((s, p) => s + p[0], 0) / points.length;
  const k = Math.cos((meanLat * Math.PI) / 180);
  const xs = points.map((p) => p[1] * k);
  const ys = points.map((p) => -p[0]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX || 1e-9;
  const spanY = Math.max(...ys) - minY || 1e-9;
  const scale = (SIZE - 2 * PAD) / Math.max(spanX, spanY);
  const width = Math.round(spanX * scale + 2 * PAD);
  const height = Math.round(spanY * scale + 2 * PAD);
  const path = xs
    .map((x, i) => {
      const px = ((x - minX) * scale + PAD).toFixed(1);
      const py = (((ys[i] ?? 0) - minY) * scale + PAD).toFixed(1);
      return `${i === 0 ? 'M' : 'L'}${px} ${py}`;
    })
    .join(' ');
  return { path, width, height };
}

export function TrackSvg({ points, label }: { points: readonly [number, number][]; label: string }) {
  const { path, width, height } = useMemo(() => projectTrack(points), [points]);
  const start = path.match(/^M([\d.]+) ([\d.]+)/);
  const end = path.match(/([\d.]+) ([\d.]+)$/);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      className="h-full max-h-96 w-full rounded-lg bg-muted"
      data-testid="track-svg"
    >
      <path
        d={path}
        fill="none"
        stroke="var(--primary)"
        strokeWidth={Math.max(width, height) / 150}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      {start ? <circle cx={start[1]} cy={start[2]} r={Math.max(width, height) / 80} fill="#16A34A" /> : null}
      {end ? <circle cx={end[1]} cy={end[2]} r={Math.max(width, height) / 80} fill="#DC2626" /> : null}
    </svg>
  );
}

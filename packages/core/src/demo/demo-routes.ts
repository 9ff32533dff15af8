// The demo athlete's routes (docs/activities.md, "Demo athlete"): real streets around the lower basin of Lake
// Zurich, written by hand as polylines (latitude, longitude in degrees, from public street maps), so that the
// demo's tracks lie on roads on a tiled map rather than drawing a circle over the lake. A session runs its route
// out and back, and again, as long as it lasts.
import { haversineMeters } from '../activities/one-hertz.ts';

export type LatLng = readonly [number, number];

/**
 * The run: from Zürichhorn along Seefeldquai and Utoquai to Bellevue, over the Quaibrücke to Bürkliplatz, then
 * General-Guisan-Quai and Mythenquai past the Arboretum and Strandbad Mythenquai to the Landiwiese and the Rote
 * Fabrik (about 4.6 km one way).
 */
export const DEMO_RUN_ROUTE: readonly LatLng[] = [
  [47.35445, 8.55155], // Zürichhorn, Chinagarten
  [47.3557, 8.5506], // Seefeldquai
  [47.3575, 8.5496], // Blatterwiese
  [47.3598, 8.5487], // Seefeldquai, Riesbachstrasse
  [47.3621, 8.5476], // Utoquai, Seebad Utoquai
  [47.3645, 8.5464], // Utoquai
  [47.36625, 8.54555], // Bellevue, Utoquai's end
  [47.36665, 8.5436], // Quaibrücke
  [47.36655, 8.54125], // Bürkliplatz
  [47.3655, 8.5394], // General-Guisan-Quai
  [47.3641, 8.5368], // Kongresshaus
  [47.3624, 8.5357], // Mythenquai, Arboretum
  [47.3601, 8.5356], // Mythenquai, Seebad Enge
  [47.3578, 8.5359], // Mythenquai
  [47.3548, 8.5362], // Mythenquai, Swiss Re
  [47.3519, 8.5358], // Mythenquai, Strandbad
  [47.3492, 8.5353], // Mythenquai, Mythenschloss
  [47.3468, 8.5359], // Landiwiese
  [47.3446, 8.5366], // Saffa-Insel
  [47.3426, 8.5366], // Rote Fabrik, Seestrasse
];

/**
 * The ride: Seestrasse along the lake's west shore from Bürkliplatz through Enge, Wollishofen, Kilchberg,
 * Rüschlikon, Thalwil, Oberrieden and Horgen to Wädenswil (about 19.7 km one way).
 */
export const DEMO_RIDE_ROUTE: readonly LatLng[] = [
  [47.36655, 8.54125], // Bürkliplatz
  [47.3641, 8.5368], // General-Guisan-Quai, Kongresshaus
  [47.3601, 8.5356], // Mythenquai
  [47.3548, 8.5362], // Mythenquai, Swiss Re
  [47.3492, 8.5353], // Mythenquai
  [47.3426, 8.5366], // Seestrasse, Rote Fabrik
  [47.3379, 8.5393], // Seestrasse, Wollishofen
  [47.3322, 8.5436], // Seestrasse, Kilchberg border
  [47.3248, 8.5489], // Seestrasse, Kilchberg
  [47.3168, 8.5527], // Seestrasse, Kilchberg Bendlikon
  [47.3081, 8.5562], // Seestrasse, Rüschlikon
  [47.3003, 8.5613], // Seestrasse, Rüschlikon south
  [47.2935, 8.5661], // Seestrasse, Thalwil
  [47.2862, 8.5701], // Seestrasse, Thalwil south
  [47.2768, 8.5772], // Seestrasse, Oberrieden
  [47.2689, 8.5857], // Seestrasse, Oberrieden south
  [47.2621, 8.5946], // Seestrasse, Horgen
  [47.2567, 8.6036], // Seestrasse, Horgen station
  [47.2496, 8.6132], // Seestrasse, Käpfnach
  [47.2418, 8.6297], // Seestrasse, Au
  [47.2352, 8.6506], // Seestrasse, Wädenswil north
  [47.2304, 8.6698], // Seestrasse, Wädenswil
];

export interface Route {
  points: readonly LatLng[];
  /** Distance from the first point to each point along the route, metres. */
  along: readonly number[];
  /** The route's length one way, metres. */
  length: number;
}

export function measureRoute(points: readonly LatLng[]): Route {
  const along = [0];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    along.push(along[i - 1]! + haversineMeters(a[0], a[1], b[0], b[1]));
  }
  return { points, along, length: along.at(-1)! };
}

/**
 * Where an athlete is after `distance` metres along the route, run out and back repeatedly: linear between the
 * route's points (at these spans the Earth's curvature is negligible).
 */
export function positionAlong(r: Route, distance: number): LatLng {
  const lap = 2 * r.length;
  const inLap = ((distance % lap) + lap) % lap;
  const d = inLap <= r.length ? inLap : lap - inLap;
  // The first point at or past d (binary search): the segment ends there.
  let lo = 1;
  let hi = r.along.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (r.along[mid]! < d) lo = mid + 1;
    else hi = mid;
  }
  const i = lo;
  const from = r.along[i - 1]!;
  const span = r.along[i]! - from;
  const f = span > 0 ? (d - from) / span : 0;
  const [a, b] = [r.points[i - 1]!, r.points[i]!];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
}

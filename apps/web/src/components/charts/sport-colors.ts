// Sport colours of the charts (docs/screens.md, "Progress page"): swim blue, bike green, run amber, strength
// purple. They are mid-tone hues that keep their contrast on both the light and the dark card.
export const CHART_SPORTS = ['swim', 'bike', 'run', 'strength'] as const;
export type ChartSport = (typeof CHART_SPORTS)[number];

export const SPORT_COLORS: Record<ChartSport, string> = {
  swim: '#3B82F6',
  bike: '#22C55E',
  run: '#F59E0B',
  strength: '#A855F7',
};

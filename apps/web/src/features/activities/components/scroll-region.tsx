// A table that may scroll sideways, reachable by keyboard: the scrolling box takes focus (tabindex 0) and is a
// named region (a labelled section), so a keyboard user can scroll it with the arrow keys and a screen reader
// announces what it is (axe's scrollable-region-focusable).
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard.
      tabIndex={0}
      className="overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </section>
  );
}

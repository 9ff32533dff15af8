// Whether a fixed bar or button should step aside (docs/screens.md, "Training calendar", "Phones"): true while the
// athlete scrolls down the page, false again as soon as they scroll up, near the top, or at the end of the page,
// where the page keeps room for it. So the This Week bar and the calendar's Add button never sit on what is being
// read.
import { useEffect, useState } from 'react';

/** Scroll movements smaller than this (px) change nothing: a jitter or a momentum tail. */
const MOVE_PX = 8;

export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - MOVE_PX;
      if (y <= MOVE_PX || atEnd) setHidden(false);
      else if (y > last + MOVE_PX) setHidden(true);
      else if (y < last - MOVE_PX) setHidden(false);
      else return;
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}

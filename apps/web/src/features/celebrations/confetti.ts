// Confetti for a completed workout: 30 pieces, about 3 s (docs/screens.md, "Celebrations"). canvas-confetti
// is loaded on first use, so it never weighs on a page's first load.
import { CONFETTI_DURATION_MS, CONFETTI_PIECES } from './celebration-queue.ts';

/** canvas-confetti counts time in animation frames; at 60 frames a second this is about 3 s. */
const TICKS = Math.round((CONFETTI_DURATION_MS / 1000) * 60);

export async function fireConfetti(): Promise<void> {
  const { default: confetti } = await import('canvas-confetti');
  await confetti({
    particleCount: CONFETTI_PIECES,
    spread: 70,
    startVelocity: 35,
    ticks: TICKS,
    origin: { y: 0.6 },
    // The library's own check, on top of ours: no confetti for anyone who asked for less motion.
    disableForReducedMotion: true,
  });
}

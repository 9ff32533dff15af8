// Why the plan is shaped the way it is. Static on purpose: it explains the method (periodization), which is
// the same for every athlete; the athlete's own numbers are everywhere else on the page.
import { Mountain } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';

const STEPS = [
  {
    title: 'Foundation and base',
    text: 'Mostly easy, conversational sessions. They grow your aerobic engine and get your body used to regular training, with little risk of injury.',
  },
  {
    title: 'Build',
    text: 'Longer and harder sessions at race effort. Your fitness from the base turns into the speed and endurance the race asks for.',
  },
  {
    title: 'Peak and taper',
    text: 'A last block of race-specific work, then less volume while you keep some intensity, so you arrive on race day fresh rather than tired.',
  },
] as const;

export function PhilosophyCard() {
  return (
    <Card className="p-5" role="region" aria-labelledby="philosophy-heading">
      <h2 id="philosophy-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Mountain className="h-5 w-5 text-primary" aria-hidden="true" />
        Training philosophy
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Your plan is periodized: it moves through blocks that each prepare you for the next, with easier weeks
        along the way so the work can sink in.
      </p>
      <ol className="mt-3 space-y-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-sm font-semibold">{step.title}</h3>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

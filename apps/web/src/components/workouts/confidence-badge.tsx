// How sure the parser is about its reading of the text: High, Medium or Low (docs/workout-parser.md, "Confidence"),
// shown with an icon, a colour and the word, so colour is never the only signal.
import { confidenceLabel } from '@stamina/core';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

type ConfidenceLevel = ReturnType<typeof confidenceLabel>;

const STYLES: Record<ConfidenceLevel, { className: string; Icon: typeof CircleCheck }> = {
  High: { className: 'border-success/40 bg-success/10 text-success', Icon: CircleCheck },
  Medium: { className: 'border-warning/40 bg-warning/10 text-warning', Icon: TriangleAlert },
  Low: { className: 'border-destructive/40 bg-destructive/10 text-destructive', Icon: CircleAlert },
};

export function ConfidenceBadge({ confidence, className }: { confidence: number; className?: string }) {
  const level = confidenceLabel(confidence);
  const { className: tone, Icon } = STYLES[level];
  const percent = Math.round(Math.min(1, Math.max(0, confidence)) * 100);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold',
        tone,
        className,
      )}
      title={`Parsing confidence ${percent}%`}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      <span className="sr-only">Parsing confidence: </span>
      <span data-testid="confidence-level">{level}</span>
      {/* Full colour: faded, the small figure fell below the contrast minimum on the light tints. */}
      <span className="font-normal">({percent}%)</span>
    </span>
  );
}

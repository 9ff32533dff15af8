// The editor's parsing tips (the grammar: docs/workout-parser.md): how to write durations, zones, repeats and targets so the parser
// reads them, with the examples in code type.
import { Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import { PARSING_TIPS } from './workout-examples.ts';

export function ParsingTips({ id }: { id: string }) {
  return (
    <div id={id} className="rounded-lg border border-border bg-muted/40 p-3 text-xs">
      <p className="flex items-center gap-1.5 font-medium">
        <Lightbulb className="h-3.5 w-3.5 text-warning" aria-hidden="true" />
        Parsing tips
      </p>
      <ul className="mt-2 space-y-1 text-muted-foreground">
        {PARSING_TIPS.map((tip) => (
          <li key={tip.parts[0]}>
            {tip.lead ? `${tip.lead} ` : ''}
            {tip.parts.map((part, i) => {
              const node: ReactNode = tip.code ? (
                <code className="rounded bg-background px-1 py-0.5 font-mono text-foreground">{part}</code>
              ) : (
                part
              );
              return (
                <span key={part}>
                  {i > 0 ? tip.joiner : ''}
                  {node}
                </span>
              );
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

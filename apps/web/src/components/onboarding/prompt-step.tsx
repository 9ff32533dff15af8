// The prompt step: the goal in the athlete's words, typed or spoken. Submit needs more than 10 characters once
// trimmed; the counter shows n/2000 without stopping the typing (the server refuses past 2000). A recording
// is transcribed by the server's speech-to-text service and put in the box to check before sending.
import { ONBOARDING_PROMPT_MAX, ONBOARDING_PROMPT_MIN_EXCLUSIVE } from '@stamina/contract';
import { Mic, Square, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranscribeRecording } from '../../api/onboarding/transcribe.ts';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { onboardingError } from './onboarding-flow.ts';
import { useVoiceRecorder, VOICE_MESSAGES } from './use-voice-recorder.ts';

const PROMPT_PLACEHOLDER =
  'For example: I want to run a marathon on 12 April, 6 hours a week, long runs on Sunday. I am an intermediate runner with a sore knee.';

export function PromptStep({
  value,
  onChange,
  submitting,
  onSubmit,
  voiceAvailable,
}: {
  value: string;
  onChange: (value: string) => void;
  submitting: boolean;
  onSubmit: () => void;
  voiceAvailable: boolean;
}) {
  const id = useId();
  const length = value.trim().length;
  const enough = length > ONBOARDING_PROMPT_MIN_EXCLUSIVE;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (enough) onSubmit();
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium">
          Your goal
        </label>
        <textarea
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          rows={5}
          placeholder={PROMPT_PLACEHOLDER}
          aria-describedby={`${id}-counter ${id}-hint`}
          className="block w-full rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <div className="flex items-center justify-between gap-3 text-xs">
          <p
            id={`${id}-hint`}
            aria-live="polite"
            className={cn(enough ? 'text-success' : 'text-muted-foreground')}
          >
            {value.length === 0 ? '' : enough ? 'Looking good!' : 'Please provide more details'}
          </p>
          <p
            id={`${id}-counter`}
            className={cn(
              'tabular-nums',
              value.length > ONBOARDING_PROMPT_MAX
                ? 'font-semibold text-destructive'
                : 'text-muted-foreground',
            )}
          >
            {value.length}/{ONBOARDING_PROMPT_MAX}
          </p>
        </div>
      </div>
      <VoiceInput
        available={voiceAvailable}
        onText={(text) => onChange(value.trim() ? `${value.trim()} ${text}` : text)}
      />
      <Button type="submit" className="w-full" disabled={!enough || submitting}>
        {submitting ? 'Sending…' : 'Create My Plan'}
      </Button>
    </form>
  );
}

function VoiceInput({ available, onText }: { available: boolean; onText: (text: string) => void }) {
  const recorder = useVoiceRecorder();
  const transcribe = useTranscribeRecording();
  const reasonId = useId();

  if (!recorder.supported) {
    // The 'Soon' badge (docs/screens.md, 'Onboarding dialog') and why the button is off: this browser cannot
    // record.
    return (
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled aria-describedby={reasonId}>
            <Mic className="h-4 w-4" aria-hidden="true" />
            Record your goal
          </Button>
          <Badge>Soon</Badge>
        </div>
        <p id={reasonId} className="text-xs text-muted-foreground">
          {VOICE_MESSAGES.unsupported}. Type your goal instead.
        </p>
      </div>
    );
  }
  if (!available) {
    return (
      <div className="space-y-1">
        <Button variant="outline" size="sm" disabled aria-describedby="voice-unavailable">
          <Mic className="h-4 w-4" aria-hidden="true" />
          Record your goal
        </Button>
        <p id="voice-unavailable" className="text-xs text-muted-foreground">
          Voice needs a speech-to-text service, which this server does not have set up. Type your goal
          instead.
        </p>
      </div>
    );
  }

  function sendRecording() {
    if (!recorder.recording) return;
    transcribe.mutate(recorder.recording, {
      onSuccess: (text) => {
        if (text.trim()) onText(text.trim());
        recorder.discard();
      },
    });
  }

  return (
    <div className="space-y-2">
      {recorder.state === 'idle' ? (
        <Button variant="outline" size="sm" onClick={() => void recorder.start()}>
          <Mic className="h-4 w-4" aria-hidden="true" />
          Record your goal
        </Button>
      ) : recorder.state === 'recording' ? (
        <Button variant="destructive" size="sm" onClick={recorder.stop}>
          <Square className="h-4 w-4" aria-hidden="true" />
          Stop recording
        </Button>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {recorder.url ? (
            // biome-ignore lint/a11y/useMediaCaption: the athlete's own voice, just recorded; its text follows.
            <audio controls src={recorder.url} className="h-10 max-w-full" aria-label="Your recording" />
          ) : null}
          <Button size="sm" onClick={sendRecording} disabled={transcribe.isPending}>
            {transcribe.isPending ? 'Transcribing…' : 'Use recording'}
          </Button>
          <Button variant="ghost" size="sm" onClick={recorder.discard} disabled={transcribe.isPending}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Discard
          </Button>
        </div>
      )}
      {recorder.state === 'recording' ? (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          Recording… say your goal, then stop.
        </p>
      ) : null}
      {recorder.error ? <p className="text-xs text-destructive">{recorder.error}</p> : null}
      {transcribe.isError ? (
        <p className="text-xs text-destructive">
          {onboardingError(transcribe.error, 'Transcription failed')}
        </p>
      ) : null}
    </div>
  );
}

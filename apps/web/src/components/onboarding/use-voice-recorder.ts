// Voice recording for the onboarding prompt (docs/screens.md, "Onboarding dialog"): MediaRecorder in 1 s chunks, the
// first supported of webm/opus, webm, mp4 and ogg, 44.1 kHz with echo cancellation, noise suppression and
// automatic gain. States idle → recording → recorded, where the recording can be played or discarded.
import { useCallback, useEffect, useRef, useState } from 'react';

export const VOICE_MESSAGES = {
  unsupported: 'Audio recording is not supported in this browser',
  alreadyRecording: 'Recording is already in progress',
  noData: 'No audio data recorded',
} as const;

export const PREFERRED_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/mp4',
  'audio/ogg',
] as const;
const CHUNK_MS = 1000;
const AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  sampleRate: 44100,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

export type RecorderState = 'idle' | 'recording' | 'recorded';

function recordingSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** The first of the preferred formats this browser records; undefined lets the browser choose. */
function preferredMimeType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return PREFERRED_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [recording, setRecording] = useState<Blob | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const stopTracks = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  useEffect(
    () => () => {
      if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
      stopTracks();
    },
    [stopTracks],
  );

  useEffect(() => {
    if (!recording || typeof URL.createObjectURL !== 'function') return;
    const next = URL.createObjectURL(recording);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [recording]);

  const start = useCallback(async () => {
    setError(null);
    if (!recordingSupported()) {
      setError(VOICE_MESSAGES.unsupported);
      return;
    }
    if (recorderRef.current?.state === 'recording') {
      setError(VOICE_MESSAGES.alreadyRecording);
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: AUDIO_CONSTRAINTS });
      streamRef.current = stream;
      const mimeType = preferredMimeType();
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      recorder.addEventListener('stop', () => {
        stopTracks();
        recorderRef.current = null;
        if (chunks.length === 0) {
          setError(VOICE_MESSAGES.noData);
          setState('idle');
          return;
        }
        setRecording(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
        setState('recorded');
      });
      recorderRef.current = recorder;
      recorder.start(CHUNK_MS);
      setState('recording');
    } catch (err) {
      stopTracks();
      setError(
        err instanceof Error && err.name === 'NotAllowedError'
          ? 'Microphone access was denied. Allow it in your browser to record, or type your goal.'
          : VOICE_MESSAGES.unsupported,
      );
    }
  }, [stopTracks]);

  const stop = useCallback(() => {
    if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
  }, []);

  const discard = useCallback(() => {
    setRecording(null);
    setUrl(null);
    setError(null);
    setState('idle');
  }, []);

  return { state, recording, url, error, start, stop, discard, supported: recordingSupported() };
}

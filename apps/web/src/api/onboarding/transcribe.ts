// POST /api/onboarding/transcriptions: a voice prompt (multipart field `file`, named recording.webm) turned into
// text by the speech-to-text service the server is configured with; the text goes into the prompt box for the
// athlete to check before sending.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const RECORDING_FILE_NAME = 'recording.webm';

async function transcribeRecording(recording: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', recording, RECORDING_FILE_NAME);
  return (await api.request('POST /onboarding/transcriptions', { body: form })).data.text;
}

export function useTranscribeRecording() {
  return useMutation({ mutationFn: transcribeRecording });
}

// GET /api/onboarding/sessions/{id}: a session's status, goal context, first-week draft and explainability.
// The dialog reads it once when it resumes a session and polls it while the session is processing.
import type { OnboardingSession } from '@stamina/contract';
import { api } from '../../lib/api-client.ts';

export async function fetchOnboardingSession(id: string): Promise<OnboardingSession> {
  return (await api.request('GET /onboarding/sessions/{id}', { params: { id } })).data;
}

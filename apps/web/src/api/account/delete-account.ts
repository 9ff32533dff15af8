// DELETE /api/athletes/me (docs/account.md, "Deleting the account"): confirmed by the password; the answer
// holds the purge date. POST /api/auth/deletion/cancel signs in again and calls the deletion off.
import type { Session } from '@stamina/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await api.request('DELETE /athletes/me', { body: { password } })).data,
  });
}

export async function cancelDeletion(email: string, password: string): Promise<Session> {
  return (await api.request('POST /auth/deletion/cancel', { body: { email, password }, anonymous: true }))
    .data;
}

/** The purge date an ACCOUNT_PENDING_DELETION answer carries in its detail, as YYYY-MM-DD. */
export function purgeDateOf(detail: unknown): string | null {
  const value = (detail as { purge_after?: unknown } | null)?.purge_after;
  return typeof value === 'string' ? value.slice(0, 10) : null;
}

const DELETION_KEY = 'stamina.deletion-date';

/**
 * The purge date of the account just deleted in this tab, for the sign-in page that signing out leads to (the
 * settings page is gone by then, so it cannot pass it along itself).
 */
export function rememberDeletion(date: string | null): void {
  try {
    if (date) sessionStorage.setItem(DELETION_KEY, date);
    else sessionStorage.removeItem(DELETION_KEY);
  } catch {
    // Storage may be unavailable (private mode); the date was also told by e-mail.
  }
}

export function rememberedDeletion(): string | null {
  try {
    return sessionStorage.getItem(DELETION_KEY);
  } catch {
    return null;
  }
}

// Account logic: sign-up, confirmation, sign-in, rotating refresh tokens, profile and password reset.
import { randomUUID } from 'node:crypto';
import type { ProfileUpdateRequest, Session, User } from '@stamina/contract';
import { DEFAULT_WEEK_START, defaultWidgetConfig } from '@stamina/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SessionCache, SessionIdentity } from '../../lib/session-cache.ts';
import { hashToken, REFRESH_TOKEN_TTL_SECONDS, randomToken, type TokenSigner } from '../../lib/tokens.ts';
import {
  accountDeletionMail,
  confirmationMail,
  emailChangedMail,
  emailChangeMail,
  emailTakenMail,
  passwordResetMail,
  signupAttemptMail,
} from './emails.ts';
import * as repo from './repository.ts';
import { toUser } from './serialize.ts';

const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The sign-in code of a followed confirmation link is exchanged by the page it lands on, at once. */
export const SIGNIN_CODE_TTL_MS = 5 * 60 * 1000;
const TOKEN_TTL_MS = {
  confirm: CONFIRM_TOKEN_TTL_MS,
  reset: RESET_TOKEN_TTL_MS,
  signin: SIGNIN_CODE_TTL_MS,
  email_change: CONFIRM_TOKEN_TTL_MS,
};
/** How long a used refresh token still answers with its successor, for parallel refreshes (docs/auth.md). */
const REFRESH_REUSE_GRACE_MS = 10_000;
const SIGNUP_MESSAGE = 'Check your email for the confirmation link!';
const RESEND_MESSAGE = 'If that address has an unconfirmed account, a new confirmation link is on its way.';
const RESET_REQUEST_MESSAGE = 'If an account exists for that address, a password reset link is on its way.';
const SIGNIN_CODE_INVALID =
  'This sign-in link has expired or was opened in another browser. Your address is confirmed: log in with your email and password.';
const RESET_DONE_MESSAGE = 'Your password has been changed. Please log in with your new password.';

export interface AuthDeps {
  db: Db;
  signer: TokenSigner;
  /** The successor of a refresh token on rotation (lib/tokens.ts refreshTokenDeriver). */
  deriveRefreshToken: (parent: string) => string;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  sessions: SessionCache;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** An athlete row as a fresh sign-up stores it, with the database's defaults. */
function newAthleteRow(timezone: string | undefined): repo.AthleteRow {
  const now = new Date();
  return {
    id: randomUUID(),
    authUserId: '',
    layoutStyle: 'minimal',
    widgetConfig: defaultWidgetConfig(),
    onboardingComplete: false,
    timezone: timezone ?? 'UTC',
    units: 'metric',
    weekStart: DEFAULT_WEEK_START,
    theme: 'system',
    notificationPreferences: {
      missedSession: true,
      newWeekPlan: true,
      recoveryWarning: true,
      dailyEmail: false,
      pushPlanChanges: true,
      pushMissedKeySession: true,
    },
    trackedMetrics: {
      heartRate: true,
      pace: true,
      power: true,
      hrv: true,
      sleep: true,
      fatigue: true,
      rpe: true,
    },
    adaptationEnabled: true,
    birthday: null,
    gender: null,
    primarySports: [],
    goalEvent: null,
    goalDate: null,
    language: 'en',
    avatarKey: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The answer to a sign-in of an account whose deletion is pending (docs/account.md, "Changing one's mind"). */
function pendingDeletionError(purgeAfter: Date): AppError {
  return new AppError(
    'ACCOUNT_PENDING_DELETION',
    `This account is scheduled for deletion on ${purgeAfter.toISOString().slice(0, 10)}. You can cancel the deletion to keep it.`,
    { purge_after: purgeAfter.toISOString() },
  );
}

function refusePendingDeletion(found: repo.UserWithAthlete): void {
  if (found.user.purgeAfter) throw pendingDeletionError(found.user.purgeAfter);
}

export function createAuthService({
  db,
  signer,
  deriveRefreshToken,
  mailer,
  appUrl,
  log,
  sessions,
}: AuthDeps) {
  /** Mail goes out after the commit; a failed send is logged and the user can ask again. */
  function sendLater(mail: Mail): Promise<void> {
    return mailer.send(mail).catch((err: unknown) => log.error({ err, to: mail.to }, 'sending mail failed'));
  }

  async function openSession(tx: Tx, found: repo.UserWithAthlete, userAgent?: string): Promise<Session> {
    refusePendingDeletion(found);
    const sessionId = await repo.insertSession(tx, found.user.id, userAgent);
    return issueTokens(tx, found, sessionId);
  }

  /** A new refresh token of the session (random for a new session, derived from its parent on rotation). */
  async function issueTokens(
    tx: Tx,
    found: repo.UserWithAthlete,
    sessionId: string,
    refreshToken = randomToken(),
  ): Promise<Session> {
    await repo.insertRefreshToken(
      tx,
      sessionId,
      hashToken(refreshToken),
      new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    );
    return signSession(found, sessionId, refreshToken);
  }

  /** The session pair around a stored refresh token, with a freshly signed access token. */
  async function signSession(
    found: repo.UserWithAthlete,
    sessionId: string,
    refreshToken: string,
  ): Promise<Session> {
    const { token, expiresAt } = await signer.sign({
      sub: found.user.id,
      email: found.user.email,
      role: 'authenticated',
      sid: sessionId,
    });
    return {
      access_token: token,
      refresh_token: refreshToken,
      expires_at: expiresAt,
      token_type: 'bearer',
      user: toUser(found),
    };
  }

  /** A new one-time token; `binding` is a second secret the redeemer must also hold (the sign-in cookie). */
  async function newEmailToken(
    conn: Conn,
    userId: string,
    purpose: repo.EmailTokenPurpose,
    binding = '',
    newEmail: string | null = null,
  ) {
    const token = randomToken();
    await repo.retireEmailTokens(conn, userId, purpose);
    await repo.insertEmailToken(conn, {
      userId,
      purpose,
      newEmail,
      tokenHash: hashToken(binding ? `${token}.${binding}` : token),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
    });
    return token;
  }

  const confirmLink = (token: string) => `${appUrl}/api/auth/confirm?token=${encodeURIComponent(token)}`;
  const resetLink = (token: string) => `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const emailChangeLink = (token: string) =>
    `${appUrl}/api/auth/confirm-email?token=${encodeURIComponent(token)}`;

  /**
   * A new address asked for in the profile (docs/profile.md, "Changing the email"): a link to it, which moves the
   * account when followed. An address another account has gets that owner a notice instead, and the caller the
   * same answer, so the change does not tell who has an account.
   */
  async function requestEmailChange(found: repo.UserWithAthlete, email: string): Promise<void> {
    const owner = await repo.findUserByEmail(db, email);
    if (owner) {
      await repo.retireEmailTokens(db, found.user.id, 'email_change');
      void sendLater(emailTakenMail(owner.user.email, owner.user.name, `${appUrl}/login`));
      return;
    }
    const token = await newEmailToken(db, found.user.id, 'email_change', '', email);
    void sendLater(emailChangeMail(email, found.user.name, emailChangeLink(token)));
  }

  /** Validates a one-time e-mail token inside the caller's transaction and marks it used. */
  async function consumeEmailToken(tx: Tx, token: string, purpose: 'confirm' | 'reset' | 'email_change') {
    const row = await repo.lockEmailToken(tx, hashToken(token), purpose);
    const what = { confirm: 'confirmation', reset: 'password reset', email_change: 'e-mail change' }[purpose];
    if (!row) throw new AppError('LINK_INVALID', `This ${what} link is not valid. Ask for a new one.`);
    if (row.usedAt)
      throw new AppError('TOKEN_USED', `This ${what} link has already been used. Ask for a new one.`);
    if (row.expiresAt.getTime() <= Date.now()) {
      throw new AppError('TOKEN_EXPIRED', `This ${what} link has expired. Ask for a new one.`);
    }
    await repo.markEmailTokenUsed(tx, row.id);
    return row;
  }

  async function tellOwnerOfSignupAttempt(email: string): Promise<void> {
    const owner = await repo.findUserByEmail(db, email);
    if (!owner) return;
    const { user } = owner;
    if (user.emailConfirmedAt) {
      await sendLater(
        signupAttemptMail(user.email, user.name, {
          login: `${appUrl}/login`,
          reset: `${appUrl}/forgot-password`,
        }),
      );
    } else {
      const token = await newEmailToken(db, user.id, 'confirm');
      await sendLater(signupAttemptMail(user.email, user.name, { confirm: confirmLink(token) }));
    }
  }

  return {
    /**
     * The identity of an open session of `userId` (not revoked), or undefined: what `authenticate` loads, and
     * caches, once a token's signature is verified.
     */
    async openSessionIdentity(sessionId: string, userId: string): Promise<SessionIdentity | undefined> {
      const found = await repo.findActiveSessionUser(db, sessionId, userId);
      if (!found) return undefined;
      return {
        userId: found.user.id,
        athleteId: found.athlete.id,
        timezone: found.athlete.timezone,
        user: toUser(found),
      };
    },
    /** Whether the user signed in before this session (docs/dashboard.md, "Greeting"). */
    hasEarlierSession(userId: string, sessionId: string): Promise<boolean> {
      return repo.hasEarlierSession(db, userId, sessionId);
    },
    /**
     * Answers the same for a new and a known address: same status, same body shape, a password hash either way.
     * The owner of a known address is told by e-mail instead (docs/auth.md).
     */
    async signup(input: { name: string; email: string; password: string; timezone?: string | undefined }) {
      const passwordHash = await hashPassword(input.password);
      const fresh: repo.UserWithAthlete = {
        user: {
          id: randomUUID(),
          email: input.email,
          passwordHash,
          name: input.name,
          emailConfirmedAt: null,
          deletionRequestedAt: null,
          purgeAfter: null,
          createdAt: new Date(),
          updatedAt: new Date(),
        },
        athlete: newAthleteRow(input.timezone),
      };
      fresh.athlete.authUserId = fresh.user.id;
      let created: repo.UserWithAthlete;
      let token: string;
      try {
        ({ created, token } = await db.transaction(async (tx) => {
          const created = await repo.insertUserWithAthlete(tx, {
            email: input.email,
            name: input.name,
            passwordHash,
            timezone: fresh.athlete.timezone,
            widgetConfig: fresh.athlete.widgetConfig,
          });
          const token = await newEmailToken(tx, created.user.id, 'confirm');
          return { created, token };
        }));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        await tellOwnerOfSignupAttempt(input.email);
        // The account that was not created, shaped like one that was: nothing here tells the two apart.
        return { user: toUser(fresh), message: SIGNUP_MESSAGE };
      }
      await sendLater(confirmationMail(created.user.email, created.user.name, confirmLink(token)));
      return { user: toUser(created), message: SIGNUP_MESSAGE };
    },

    async confirm(token: string, userAgent?: string): Promise<Session> {
      return db.transaction(async (tx) => {
        const row = await consumeEmailToken(tx, token, 'confirm');
        await repo.confirmEmail(tx, row.userId);
        const found = await repo.findUserById(tx, row.userId);
        if (!found)
          throw new AppError('LINK_INVALID', 'This confirmation link is not valid. Ask for a new one.');
        return openSession(tx, found, userAgent);
      });
    },

    /**
     * A followed confirmation link in a browser: confirms the address and returns a one-time sign-in code for the
     * page it lands on, bound to `binding` (a cookie set on the same redirect), instead of a session in the URL.
     */
    async confirmForBrowser(token: string, binding: string): Promise<string> {
      return db.transaction(async (tx) => {
        const row = await consumeEmailToken(tx, token, 'confirm');
        await repo.confirmEmail(tx, row.userId);
        return newEmailToken(tx, row.userId, 'signin', binding);
      });
    },

    /** Redeems a sign-in code with the binding it was made for; works once, within a few minutes. */
    async exchangeSigninCode(code: string, binding: string, userAgent?: string): Promise<Session> {
      return db.transaction(async (tx) => {
        const row = binding
          ? await repo.lockEmailToken(tx, hashToken(`${code}.${binding}`), 'signin')
          : undefined;
        // One answer for every failure: the address is confirmed either way, and a password sign-in is the way on.
        if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) {
          throw new AppError('LINK_INVALID', SIGNIN_CODE_INVALID);
        }
        await repo.markEmailTokenUsed(tx, row.id);
        const found = await repo.findUserById(tx, row.userId);
        if (!found) throw new AppError('LINK_INVALID', SIGNIN_CODE_INVALID);
        return openSession(tx, found, userAgent);
      });
    },

    async resendConfirmation(email: string) {
      const found = await repo.findUserByEmail(db, email);
      if (found && !found.user.emailConfirmedAt) {
        const token = await newEmailToken(db, found.user.id, 'confirm');
        void sendLater(confirmationMail(found.user.email, found.user.name, confirmLink(token)));
      }
      return { message: RESEND_MESSAGE };
    },

    async login(
      input: { email: string; password: string; timezone?: string | undefined },
      userAgent?: string,
    ) {
      const found = await repo.findUserByEmail(db, input.email);
      // Verify against a real hash even for unknown addresses, so both failures cost the same time.
      const ok = await verifyPassword(
        found?.user.passwordHash ?? (await dummyPasswordHash()),
        input.password,
      );
      if (!found || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      if (!found.user.emailConfirmedAt) {
        throw new AppError('EMAIL_NOT_CONFIRMED', 'Email not confirmed');
      }
      refusePendingDeletion(found);
      const timezoneChanged = Boolean(input.timezone && input.timezone !== found.athlete.timezone);
      const session = await db.transaction(async (tx) => {
        if (timezoneChanged && input.timezone) {
          await repo.setTimezone(tx, found.user.id, input.timezone);
          found.athlete.timezone = input.timezone;
        }
        return openSession(tx, found, userAgent);
      });
      // Other open sessions of this user carry the old time zone.
      if (timezoneChanged) sessions.invalidateUser(found.user.id);
      return session;
    },

    async refresh(refreshToken: string): Promise<Session> {
      const outcome: { error: string; revokedSessionId?: string } | { session: Session } =
        await db.transaction(async (tx) => {
          const row = await repo.lockRefreshToken(tx, hashToken(refreshToken), REFRESH_REUSE_GRACE_MS);
          if (!row || row.revokedAt) return { error: 'Invalid refresh token' };
          if (row.usedAt) {
            // Two tabs refreshing at once: within the grace window the parent answers with the successor it was
            // already rotated to, as long as that successor has not been used itself (docs/auth.md).
            if (row.usedWithinGrace) {
              const successor = deriveRefreshToken(refreshToken);
              const next = await repo.findRefreshToken(tx, hashToken(successor));
              const found = await repo.findUserById(tx, row.userId);
              if (next && !next.usedAt && next.sessionId === row.sessionId && found) {
                return { session: await signSession(found, row.sessionId, successor) };
              }
            }
            // Reuse of a rotated token means it leaked: end the whole family.
            await repo.revokeSession(tx, row.sessionId);
            return {
              error: 'Refresh token already used; the session has been revoked. Please log in again.',
              revokedSessionId: row.sessionId,
            };
          }
          if (row.expiresAt.getTime() <= Date.now())
            return { error: 'Session expired. Please log in again.' };
          await repo.markRefreshTokenUsed(tx, row.id);
          const found = await repo.findUserById(tx, row.userId);
          if (!found) return { error: 'Invalid refresh token' };
          return { session: await issueTokens(tx, found, row.sessionId, deriveRefreshToken(refreshToken)) };
        });
      if ('error' in outcome) {
        if (outcome.revokedSessionId) sessions.invalidateSession(outcome.revokedSessionId);
        throw new AppError('TOKEN_INVALID', outcome.error);
      }
      return outcome.session;
    },

    async logout(sessionId: string) {
      await repo.revokeSession(db, sessionId);
      sessions.invalidateSession(sessionId);
      return { message: 'You have been successfully signed out.' };
    },

    async updateProfile(userId: string, body: ProfileUpdateRequest): Promise<User> {
      const { name, email, ...fields } = body;
      const found = await db.transaction(async (tx) => {
        await repo.updateProfile(tx, userId, name, fields);
        const found = await repo.findUserById(tx, userId);
        if (!found) throw new AppError('UNAUTHORIZED', 'Authentication required');
        return found;
      });
      sessions.invalidateUser(userId);
      // The address itself changes only when the link mailed to the new one is followed.
      const newEmail = email !== undefined && email !== found.user.email ? email : null;
      if (newEmail) await requestEmailChange(found, newEmail);
      return { ...toUser(found), pending_email: newEmail };
    },

    /** A followed e-mail change link: the account moves to the new address, which counts as confirmed. */
    async confirmEmailChange(token: string): Promise<{ message: string }> {
      const { userId, email, previous } = await db
        .transaction(async (tx) => {
          const row = await consumeEmailToken(tx, token, 'email_change');
          if (!row.newEmail) {
            throw new AppError('LINK_INVALID', 'This e-mail change link is not valid. Ask for a new one.');
          }
          const before = await repo.findUserById(tx, row.userId);
          await repo.changeEmail(tx, row.userId, row.newEmail);
          return { userId: row.userId, email: row.newEmail, previous: before?.user };
        })
        .catch((err: unknown) => {
          if (!isUniqueViolation(err)) throw err;
          throw new AppError(
            'CONFLICT',
            'That address now belongs to another account, so your address was not changed. Choose another one in Settings → Profile.',
          );
        });
      sessions.invalidateUser(userId);
      if (previous && previous.email !== email) {
        void sendLater(emailChangedMail(previous.email, previous.name, email, `${appUrl}/forgot-password`));
      }
      return { message: `Your e-mail address is now ${email}. Use it to log in.` };
    },

    /**
     * The account's own password, checked before a deletion (docs/account.md, "Deleting the account"). A 403,
     * not a 401: the session is fine, and a 401 would make clients refresh and sign out.
     */
    async checkPassword(userId: string, password: string): Promise<repo.UserWithAthlete> {
      const found = await repo.findUserById(db, userId);
      if (!found) throw new AppError('UNAUTHORIZED', 'Authentication required');
      if (!(await verifyPassword(found.user.passwordHash, password))) {
        throw new AppError('FORBIDDEN', 'That password is not correct. Your account was not deleted.');
      }
      return found;
    },

    /** Inside the caller's transaction: the account is marked with its purge date and every session ends. */
    async markForDeletion(tx: Tx, userId: string, requestedAt: Date, purgeAfter: Date) {
      return repo.markForDeletion(tx, userId, requestedAt, purgeAfter);
    },

    /** After the deletion committed: cached sessions are forgotten at once, and the athlete is told the date. */
    async deletionCommitted(found: repo.UserWithAthlete, purgeAfter: Date): Promise<void> {
      sessions.invalidateUser(found.user.id);
      await sendLater(
        accountDeletionMail(
          found.user.email,
          found.user.name,
          purgeAfter.toISOString().slice(0, 10),
          `${appUrl}/login`,
        ),
      );
    },

    /** Signs in to an account whose deletion is pending and cancels the deletion (docs/account.md). */
    async cancelDeletion(input: { email: string; password: string }, userAgent?: string): Promise<Session> {
      const found = await repo.findUserByEmail(db, input.email);
      const ok = await verifyPassword(
        found?.user.passwordHash ?? (await dummyPasswordHash()),
        input.password,
      );
      if (!found || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      if (!found.user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED', 'Email not confirmed');
      return db.transaction(async (tx) => {
        await repo.clearDeletion(tx, found.user.id);
        found.user.deletionRequestedAt = null;
        found.user.purgeAfter = null;
        return openSession(tx, found, userAgent);
      });
    },

    /** Inside the purge job's transaction: deletes the account if its purge date has come and it was not cancelled. */
    purgeIfDue(tx: Tx, userId: string, now: Date): Promise<boolean> {
      return repo.deleteUserDueForPurge(tx, userId, now);
    },

    async requestPasswordReset(email: string) {
      const found = await repo.findUserByEmail(db, email);
      if (found) {
        const token = await newEmailToken(db, found.user.id, 'reset');
        void sendLater(passwordResetMail(found.user.email, found.user.name, resetLink(token)));
      }
      return { message: RESET_REQUEST_MESSAGE };
    },

    async confirmPasswordReset(token: string, password: string) {
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const row = await consumeEmailToken(tx, token, 'reset');
        await repo.setPassword(tx, row.userId, passwordHash);
        // Following the link proves the mailbox, so the address counts as confirmed too.
        await repo.confirmEmail(tx, row.userId);
        await repo.retireEmailTokens(tx, row.userId, 'reset');
        await repo.revokeAllSessions(tx, row.userId);
        return row.userId;
      });
      sessions.invalidateUser(userId);
      return { message: RESET_DONE_MESSAGE };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * An account whose address is already confirmed, made inside the caller's transaction: the demo athlete's
 * (nobody can open its mailbox). Answers the caller's view of it, as a signed-in request would see it.
 */
export async function createConfirmedAccount(
  tx: Tx,
  account: {
    email: string;
    name: string;
    passwordHash: string;
    timezone: string;
    profile: Pick<repo.AthleteRow, 'primarySports' | 'goalEvent' | 'goalDate' | 'onboardingComplete'>;
  },
): Promise<{ userId: string; email: string; athleteId: string; timezone: string; user: User }> {
  const created = await repo.insertUserWithAthlete(tx, {
    email: account.email,
    name: account.name,
    passwordHash: account.passwordHash,
    timezone: account.timezone,
    widgetConfig: defaultWidgetConfig(),
  });
  await repo.confirmEmail(tx, created.user.id);
  await repo.updateProfile(tx, created.user.id, undefined, account.profile);
  const found = await repo.findUserById(tx, created.user.id);
  if (!found) throw new Error('the account just created is missing');
  return {
    userId: found.user.id,
    email: found.user.email,
    athleteId: found.athlete.id,
    timezone: found.athlete.timezone,
    user: toUser(found),
  };
}

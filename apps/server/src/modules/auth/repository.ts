// Queries of the auth area. Every function takes the database (or a transaction) explicitly. The athlete row of
// an account is written through the athletes module (`insertAthlete`, `updateAthleteOfUser`); the two are read
// together in one join (docs/modules.md, "What remains").
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client.ts';
import {
  athletes,
  authSessions,
  type EmailTokenPurpose,
  emailTokens,
  refreshTokens,
  users,
} from '../../db/schema/index.ts';
import { type AthleteProfileFields, insertAthlete, updateAthleteOfUser } from '../athletes/index.ts';

type UserRow = typeof users.$inferSelect;
export type AthleteRow = typeof athletes.$inferSelect;
export type UserWithAthlete = { user: UserRow; athlete: AthleteRow };
export type { EmailTokenPurpose };

export async function findUserByEmail(db: Conn, email: string): Promise<UserWithAthlete | undefined> {
  const rows = await db
    .select({ user: users, athlete: athletes })
    .from(users)
    .innerJoin(athletes, eq(athletes.authUserId, users.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Conn, userId: string): Promise<UserWithAthlete | undefined> {
  const rows = await db
    .select({ user: users, athlete: athletes })
    .from(users)
    .innerJoin(athletes, eq(athletes.authUserId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** The user behind an access token, only while its session is still open. */
export async function findActiveSessionUser(
  db: Conn,
  sessionId: string,
  userId: string,
): Promise<UserWithAthlete | undefined> {
  const rows = await db
    .select({ user: users, athlete: athletes })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(athletes, eq(athletes.authUserId, authSessions.userId))
    .where(
      and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)),
    )
    .limit(1);
  return rows[0];
}

export async function insertUserWithAthlete(
  tx: Tx,
  values: {
    email: string;
    name: string;
    passwordHash: string;
    timezone: string;
    widgetConfig: AthleteRow['widgetConfig'];
  },
): Promise<UserWithAthlete> {
  const [user] = await tx
    .insert(users)
    .values({ email: values.email, name: values.name, passwordHash: values.passwordHash })
    .returning();
  const athlete = await insertAthlete(tx, {
    authUserId: user!.id,
    widgetConfig: values.widgetConfig,
    timezone: values.timezone,
  });
  return { user: user!, athlete };
}

export async function insertSession(tx: Tx, userId: string, userAgent: string | undefined): Promise<string> {
  const [row] = await tx
    .insert(authSessions)
    .values({ userId, userAgent: userAgent?.slice(0, 300) })
    .returning({ id: authSessions.id });
  return row!.id;
}

export async function insertRefreshToken(
  tx: Tx,
  sessionId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await tx.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
}

/**
 * The refresh token row and its session, locked until the transaction ends: parallel refreshes with one token
 * queue here, and each sees the row as the one before it left it. `usedWithinMs` compares with the database clock,
 * the one that wrote `used_at`.
 */
export async function lockRefreshToken(tx: Tx, tokenHash: string, graceMs: number) {
  const rows = await tx
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      usedWithinGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - ${graceMs} * interval '1 millisecond', false)`,
      revokedAt: authSessions.revokedAt,
      userId: authSessions.userId,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function findRefreshToken(tx: Tx, tokenHash: string) {
  const rows = await tx
    .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

export async function markRefreshTokenUsed(tx: Tx, id: string): Promise<void> {
  await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.id, id));
}

export async function revokeSession(db: Conn, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

export async function revokeAllSessions(db: Conn, userId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

export async function insertEmailToken(
  db: Conn,
  values: {
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    newEmail?: string | null;
  },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/** Older links of the same purpose stop working once a new one is sent. */
export async function retireEmailTokens(db: Conn, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function lockEmailToken(tx: Tx, tokenHash: string, purpose: EmailTokenPurpose) {
  const rows = await tx
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function markEmailTokenUsed(tx: Tx, id: string): Promise<void> {
  await tx.update(emailTokens).set({ usedAt: sql`now()` }).where(eq(emailTokens.id, id));
}

export async function confirmEmail(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setPassword(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function setTimezone(db: Conn, userId: string, timezone: string): Promise<void> {
  await updateAthleteOfUser(db, userId, { timezone });
}

export async function updateProfile(
  tx: Tx,
  userId: string,
  name: string | undefined,
  athleteFields: AthleteProfileFields,
): Promise<void> {
  if (name !== undefined) {
    await tx.update(users).set({ name, updatedAt: sql`now()` }).where(eq(users.id, userId));
  }
  if (Object.keys(athleteFields).length > 0) await updateAthleteOfUser(tx, userId, athleteFields);
}

/** Moves the account to a confirmed new address (a unique violation when another account took it meanwhile). */
export async function changeEmail(tx: Tx, userId: string, email: string): Promise<void> {
  await tx
    .update(users)
    .set({ email, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Marks the account for deletion and ends every session (docs/account.md, "Deleting the account"). */
export async function markForDeletion(
  tx: Tx,
  userId: string,
  requestedAt: Date,
  purgeAfter: Date,
): Promise<{ requestedAt: Date; purgeAfter: Date } | null> {
  // Only an account not yet marked: parallel deletions wait on the row, and the later ones find it marked.
  const marked = await tx
    .update(users)
    .set({ deletionRequestedAt: requestedAt, purgeAfter, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt)))
    .returning({ id: users.id });
  await revokeAllSessions(tx, userId);
  if (marked.length > 0) return null;
  const [pending] = await tx
    .select({ requestedAt: users.deletionRequestedAt, purgeAfter: users.purgeAfter })
    .from(users)
    .where(eq(users.id, userId));
  return pending?.requestedAt && pending.purgeAfter
    ? { requestedAt: pending.requestedAt, purgeAfter: pending.purgeAfter }
    : null;
}

export async function clearDeletion(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ deletionRequestedAt: null, purgeAfter: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Deletes the user whose purge date has come, and with it (ON DELETE CASCADE) the athlete and every row that
 * carries its id. Answers whether a row went: a cancelled deletion leaves nothing to purge.
 */
export async function deleteUserDueForPurge(tx: Tx, userId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .delete(users)
    .where(
      and(
        eq(users.id, userId),
        sql`${users.purgeAfter} is not null`,
        sql`${users.purgeAfter} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Whether `userId` signed in before the session `sessionId` began (an earlier session, open or closed): the
 * dashboard's "Welcome back" (docs/dashboard.md, "Greeting"). Sessions are never deleted, only revoked.
 */
export async function hasEarlierSession(db: Conn, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        sql`${authSessions.id} <> ${sessionId}`,
        sql`${authSessions.createdAt} <= (select s.created_at from ${authSessions} s where s.id = ${sessionId})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether the database holds any account yet (the demo seed's first start). */
export async function hasAnyUser(conn: Conn): Promise<boolean> {
  const rows = await conn.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/**
 * The account row of an athlete as PostgreSQL's JSON of it, without its password hash (an export never carries a
 * secret): the account's export (docs/account.md).
 */
export async function accountRowJson(
  conn: Conn,
  athleteId: string,
): Promise<Record<string, unknown> | undefined> {
  const result = await conn.execute(sql`
      select row_to_json(u) as row from (
        select users.id, users.email, users.name, users.email_confirmed_at, users.created_at
        from users join athletes on athletes.auth_user_id = users.id where athletes.id = ${athleteId}) u`);
  const row = (result as unknown as { rows: Array<{ row: Record<string, unknown> | string }> }).rows[0]?.row;
  return typeof row === 'string' ? JSON.parse(row) : row;
}

// Sign-in, sign-out and profile changes.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { LoginInput, LoginResult, UpdateProfileInput, User } from '@exam/shared';
import type { Config } from '../../config';
import type { AppContext } from '../../lib/context';
import { conflict, tooManyRequests, unauthorized, unprocessable } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { assertAccessWindow } from './access';
import { hashToken } from './plugin';
import {
  findSessionUserById,
  findUserForLogin,
  insertToken,
  revokeToken,
  revokeUserTokens,
  toPublicUser,
  type SessionUser,
} from './repository';
import { leavePresence, touchPresence } from '../presence';

const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';

/** Wait before a sign-in after `failures` failures for its address + account: 0.2 s more per failure past three, at most 3 s by default. */
export function loginDelayMs(failures: number, config: Pick<Config, 'LOGIN_BACKOFF_STEP_MS' | 'LOGIN_BACKOFF_MAX_MS'>): number {
  return failures > 3 ? Math.min(config.LOGIN_BACKOFF_MAX_MS, (failures - 3) * config.LOGIN_BACKOFF_STEP_MS) : 0;
}

/** Wait before answering a failed sign-in from an address that has failed `failures` times: nothing for the first
 * LOGIN_MAX_FAILURES (a room's typos), then the same steps as loginDelayMs. */
export function addressDelayMs(failures: number, config: Pick<Config, 'LOGIN_MAX_FAILURES' | 'LOGIN_BACKOFF_STEP_MS' | 'LOGIN_BACKOFF_MAX_MS'>): number {
  const past = failures - config.LOGIN_MAX_FAILURES;
  return past > 0 ? Math.min(config.LOGIN_BACKOFF_MAX_MS, past * config.LOGIN_BACKOFF_STEP_MS) : 0;
}

const wait = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * Failed sign-ins are counted per address + account and per account (from any address): an account under attack
 * (LOGIN_MAX_FAILURES from one address, five times that from all) is refused (429) before its password is even
 * checked. They are also counted per address, but an address is only slowed down, never refused: a lecture hall
 * shares one public address, and made-up e-mails typed there must not keep its students out. That slowdown delays
 * the answer to a wrong password only (addressDelayMs): a right password of an account not under attack is
 * answered at once. Past three failures for one address + account, each try of that pair waits a little longer
 * (loginDelayMs).
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<LoginResult> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_WINDOW_SECONDS: window } = ctx.config;
  const email = input.email.toLowerCase();
  const ipKey = `login-fail:ip:${ip}`;
  const pairKey = `login-fail:pair:${ip}:${email}`;
  const accountKey = `login-fail:account:${email}`;
  const [pairFails, accountFails] = await Promise.all([ctx.kv.get(pairKey), ctx.kv.get(accountKey)]);
  if (pairFails >= max || accountFails >= max * 5) {
    throw tooManyRequests(`Trop de tentatives de connexion échouées pour ce compte. Réessayez dans ${Math.ceil(window / 60)} minutes.`, window);
  }
  await wait(loginDelayMs(pairFails, ctx.config));
  const row = await findUserForLogin(ctx.db, input.email);
  const valid = await verifyPassword(input.password, row?.password_hash ?? (await dummyPasswordHash()));
  if (!row || !valid) {
    const [ipFails] = await Promise.all([ctx.kv.incr(ipKey, window), ctx.kv.incr(pairKey, window), ctx.kv.incr(accountKey, window)]);
    await wait(addressDelayMs(ipFails, ctx.config));
    throw unauthorized(WRONG_CREDENTIALS);
  }
  const user = await findSessionUserById(ctx.db, row.id);
  if (!user) throw unauthorized(WRONG_CREDENTIALS);
  assertAccessWindow(user);
  await ctx.kv.del(pairKey);

  return openSession(ctx, user);
}

async function openSession(ctx: AppContext, user: SessionUser): Promise<LoginResult> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + ctx.config.TOKEN_TTL_HOURS * 3600_000);
  await insertToken(ctx.db, user.id, hashToken(token), expires);
  await touchPresence(ctx, user.id, true);
  return { ...toPublicUser(user), token };
}

/**
 * A session without a password, for someone another system vouched for (an LTI launch checked in full): the same
 * token and access-window rule as a sign-in.
 */
export async function startTrustedSession(ctx: AppContext, userId: number): Promise<LoginResult> {
  const user = await findSessionUserById(ctx.db, userId);
  if (!user) throw unauthorized('Ce compte n’existe plus.');
  assertAccessWindow(user);
  return openSession(ctx, user);
}

export async function logout(ctx: AppContext, userId: number, tokenHash: string): Promise<void> {
  await revokeToken(ctx.db, tokenHash);
  // Other open sessions of the same user keep them counted as online.
  const others = await ctx.db
    .selectFrom('tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!others) await leavePresence(ctx, userId);
}

/** "Sign out everywhere": every token of the user, the current one included. */
export async function logoutEverywhere(ctx: AppContext, userId: number): Promise<void> {
  await revokeUserTokens(ctx.db, userId);
  await leavePresence(ctx, userId);
}

/** Updates the profile; a new password ends every other session of the user (the current one stays). */
export async function updateProfile(ctx: AppContext, userId: number, input: UpdateProfileInput, currentTokenHash?: string | null): Promise<User> {
  const current = await ctx.db.selectFrom('users').select(['password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', input.email.toLowerCase())
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (taken) throw conflict('Cette adresse e-mail est déjà utilisée.', { email: ['Cette adresse e-mail est déjà utilisée.'] });

  let passwordHash: string | undefined;
  if (input.password) {
    if (!input.current_password || !(await verifyPassword(input.current_password, current.password_hash))) {
      throw unprocessable({ current_password: ['Le mot de passe actuel est incorrect.'] }, 'Le mot de passe actuel est incorrect.');
    }
    passwordHash = await hashPassword(input.password);
  }
  await ctx.db
    .updateTable('users')
    .set({
      last_name: input.last_name,
      first_name: input.first_name,
      email: input.email,
      updated_at: sql`now()`,
      ...(passwordHash ? { password_hash: passwordHash, must_change_password: 0 } : {}),
    })
    .where('id', '=', userId)
    .execute();
  if (passwordHash) await revokeUserTokens(ctx.db, userId, currentTokenHash);
  const user = await findSessionUserById(ctx.db, userId);
  return toPublicUser(user!);
}

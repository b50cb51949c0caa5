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
} from './repository';
import { leavePresence, touchPresence } from '../presence';

const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';

/** Wait before a sign-in after `failures` failures for its address + account: 0.2 s more per failure past three, at most 3 s by default. */
export function loginDelayMs(failures: number, config: Pick<Config, 'LOGIN_BACKOFF_STEP_MS' | 'LOGIN_BACKOFF_MAX_MS'>): number {
  return failures > 3 ? Math.min(config.LOGIN_BACKOFF_MAX_MS, (failures - 3) * config.LOGIN_BACKOFF_STEP_MS) : 0;
}

/**
 * Failed sign-ins are counted per address (LOGIN_MAX_FAILURES × 5: a lecture hall may share one public address) and
 * per address + account (LOGIN_MAX_FAILURES), never per account alone: failures from a stranger's address never
 * refuse the right password from another one. Past three failures for one address + account, each try waits a
 * little longer (loginDelayMs), which slows guessing without locking anyone out.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<LoginResult> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_WINDOW_SECONDS: window } = ctx.config;
  const ipKey = `login-fail:ip:${ip}`;
  const pairKey = `login-fail:pair:${ip}:${input.email}`;
  const [ipFails, pairFails] = await Promise.all([ctx.kv.get(ipKey), ctx.kv.get(pairKey)]);
  if (pairFails >= max || ipFails >= max * 5) {
    throw tooManyRequests(`Trop de tentatives de connexion échouées. Réessayez dans ${Math.ceil(window / 60)} minutes.`, window);
  }
  const delay = loginDelayMs(pairFails, ctx.config);
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  const row = await findUserForLogin(ctx.db, input.email);
  const valid = await verifyPassword(input.password, row?.password_hash ?? (await dummyPasswordHash()));
  if (!row || !valid) {
    await Promise.all([ctx.kv.incr(ipKey, window), ctx.kv.incr(pairKey, window)]);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  const user = await findSessionUserById(ctx.db, row.id);
  if (!user) throw unauthorized(WRONG_CREDENTIALS);
  assertAccessWindow(user);
  await ctx.kv.del(pairKey);

  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + ctx.config.TOKEN_TTL_HOURS * 3600_000);
  await insertToken(ctx.db, user.id, hashToken(token), expires);
  await touchPresence(ctx, user.id, true);
  return { ...toPublicUser(user), token };
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

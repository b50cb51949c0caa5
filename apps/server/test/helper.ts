// Test harness: a real database per test file (PGlite copy, or a fresh PostgreSQL schema when
// DATABASE_URL is set), the real app through app.inject(), and helpers to seed users and sign in.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { configSchema, type Config } from '../src/config';
import { migrate, openDb, type DbHandle } from '../src/db';
import { buildApp, type BuildOptions } from '../src/app';
import { MemoryKv, RedisKv, type KvStore } from '../src/lib/kv';
import type { AppContext } from '../src/lib/context';
import { hashPassword } from '../src/lib/password';
import type { CodeRunner } from '@exam/runner';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  handle: DbHandle;
  close: () => Promise<void>;
}

/** Runs statements on PostgreSQL over a connection of their own (schemas made and dropped around the tests). */
export async function onPostgres(url: string, ...statements: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const statement of statements) await c.query(statement);
  } finally {
    await c.end();
  }
}

export async function openTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await onPostgres(url, `create schema ${schema}`);
    const handle = await openDb({ databaseUrl: url, schema, poolSize: 4 });
    await migrate(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await onPostgres(url, `drop schema ${schema} cascade`);
      },
    };
  }
  const dumpFile = process.env.EXAM_TEMPLATE_DUMP;
  const lite = dumpFile && fs.existsSync(dumpFile)
    ? new PGlite({ loadDataDir: new Blob([fs.readFileSync(dumpFile)]) })
    : new PGlite();
  const handle = await openDb({ pglite: lite });
  await migrate(handle.db);
  return handle;
}

/**
 * The production config, but silent, without the sign-in back-off (auth.test.ts checks that one) and with password
 * hashes at normal priority: on a machine busy with other tests, a low-priority hash would wait seconds for a core
 * (lib/hash-pool.test.ts checks the priority).
 */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  const c = configSchema.parse({ LOG_LEVEL: 'silent', DATA_DIR: fs.mkdtempSync('/tmp/exam-test-'), LOGIN_BACKOFF_STEP_MS: '0', PASSWORD_HASH_NICE: '0', ...overrides });
  return { ...c, dataDir: c.DATA_DIR };
}

export async function createTestApp(
  opts: { config?: Partial<Record<keyof Config, string>>; runner?: CodeRunner; kv?: KvStore; onRoute?: BuildOptions['onRoute'] } = {},
): Promise<TestApp> {
  const config = testConfig(opts.config);
  const handle = await openTestDb();
  const kv = opts.kv ?? (config.REDIS_URL ? await RedisKv.connect(config.REDIS_URL) : new MemoryKv());
  const ctx: AppContext = { config, db: handle.db, dbKind: handle.kind, kv, runner: opts.runner };
  const app = await buildApp(ctx, { logger: false, onRoute: opts.onRoute });
  await app.ready();
  return {
    app,
    ctx,
    handle,
    close: async () => {
      await app.close();
      if (!opts.kv) await kv.close();
      await handle.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `fn` with other config values or another runner in the app's context, as a server set up so would have them
 * (the routes read the context at each request), then puts the file's back: one app per file, not one per setting.
 */
export async function withContext(t: TestApp, over: { config?: Partial<Config>; runner?: CodeRunner }, fn: () => Promise<void>): Promise<void> {
  const before = { config: { ...t.ctx.config }, runner: t.ctx.runner };
  Object.assign(t.ctx.config, over.config ?? {});
  if ('runner' in over) t.ctx.runner = over.runner;
  try {
    await fn();
  } finally {
    Object.assign(t.ctx.config, before.config);
    t.ctx.runner = before.runner;
  }
}

let seq = 0;
/** Every seeded user has the same password: one real scrypt hash per file, not one per user. */
let seededHash: Promise<string> | undefined;
export interface SeededUser {
  id: number;
  email: string;
  password: string;
}

/** Inserts a user directly (with enrolment for students) and returns its credentials. */
export async function seedUser(
  ctx: AppContext,
  role: 'ADMIN' | 'TEACHER' | 'STUDENT',
  extra: { is_premium?: number; academic_year_id?: number; specialization_id?: number; email?: string } = {},
): Promise<SeededUser> {
  seq += 1;
  const email = extra.email ?? `${role.toLowerCase()}${seq}-${randomBytes(3).toString('hex')}@test.example`;
  const password = 'MotDePasse1!';
  const row = await ctx.db
    .insertInto('users')
    .values({
      last_name: `Nom${seq}`,
      first_name: `Prénom${seq}`,
      email,
      password_hash: await (seededHash ??= hashPassword(password)),
      role,
      is_premium: extra.is_premium ?? 0,
      student_number: role === 'STUDENT' ? `N${seq}${randomBytes(3).toString('hex')}` : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (role === 'STUDENT' && extra.academic_year_id && extra.specialization_id) {
    await ctx.db
      .insertInto('student_enrolments')
      .values({ user_id: row.id, academic_year_id: extra.academic_year_id, specialization_id: extra.specialization_id })
      .execute();
  }
  return { id: row.id, email, password };
}

/** A year, a mention and a parcours; the year's access window is given relative to today in days. */
export async function seedStructure(ctx: AppContext, access: { fromDays: number; toDays: number } = { fromDays: -30, toDays: 30 }) {
  const day = (d: number) => new Date(Date.now() + d * 86400_000).toISOString().slice(0, 10);
  seq += 1;
  const year = await ctx.db
    .insertInto('academic_years')
    .values({
      label: `${2000 + seq}-${2001 + seq}`,
      start_date: day(-200),
      end_date: day(200),
      access_start: day(access.fromDays),
      access_end: day(access.toDays),
      is_current: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mention = await ctx.db
    .insertInto('mentions')
    .values({ name: `Mention ${seq}`, code: `M${seq}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const spec = await ctx.db
    .insertInto('specializations')
    .values({ name: `Parcours ${seq}`, code: `P${seq}`, level: 'L1', mention_id: mention.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { yearId: year.id, mentionId: mention.id, specializationId: spec.id };
}

export async function loginAs(app: FastifyInstance, user: SeededUser): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

export function authed(token: string, opts: InjectOptions): InjectOptions {
  return { ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } };
}

export { sql };

// Environment parsed once at start; every bad variable is listed before the process stops.
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** 0: never prepare statements on PostgreSQL (behind a pooler that cannot keep them); see db/prepared.ts. */
  DATABASE_PREPARED_STATEMENTS: z.enum(['0', '1']).default('1'),
  /** Connections to PostgreSQL per API process (default: 2 per core, at least 4). */
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** Prefix of the presence and rate-limit keys in Redis (several platforms, or a test, may share one Redis). */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/).default('exam:'),
  ADMIN_EMAIL: z.string().email().default('admin@univ.example'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin123!'),
  TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  /** Past three failed sign-ins for one address + account, each try waits this much more per failure (ms)… */
  LOGIN_BACKOFF_STEP_MS: z.coerce.number().int().min(0).default(200),
  /** …up to this wait (ms). */
  LOGIN_BACKOFF_MAX_MS: z.coerce.number().int().min(0).default(3000),
  /** Password hashes run at once (default: every core but one, at least one); the others wait in arrival order. */
  PASSWORD_HASH_SLOTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  /** Scheduling priority of the hashing threads (0 normal … 19 lowest): sign-ins take the cores the students leave. */
  PASSWORD_HASH_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Hashes allowed to wait; past it a sign-in gets 503 and tries again a few seconds later. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).max(100_000).default(5000),
  /**
   * Address(es) of the reverse proxy whose X-Forwarded-For may be believed (e.g. 127.0.0.1 or 10.0.0.0/8).
   * Unset: the header is ignored, so a client cannot pick the address the login limit counts against.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(2 * 1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
  /** Uploads one user may send in 10 minutes (0: no limit). */
  UPLOAD_RATE_PER_10_MIN: z.coerce.number().int().min(0).default(200),
  /** A request whose headers take longer than this is dropped (slow clients holding connections open). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** Longest time to receive a whole request, body included (a 50 MB upload on a slow line fits). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** A socket with nothing received and no request being answered is closed after this long. */
  IDLE_SOCKET_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  DEMO: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
  RUNNER_MODE: z.enum(['embedded', 'queue', 'off']).optional(),
  RUNNER_UNSAFE_DEV: z.enum(['0', '1']).default('0'),
  /** 0 (default): the built server launches sandboxes from a small child process; 1: from the API process itself. */
  RUNNER_IN_PROCESS: z.enum(['0', '1']).default('0'),
  /** 1 (default): Python runs through the fork server (packages/runner/README.md); 0: a sandbox of its own per run. */
  RUNNER_FORK_SERVER: z.enum(['0', '1']).default('1'),
  /** Runs at once (default and maximum: one per core; one user may hold all but one). */
  RUNNER_SLOTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  /** Runs (programs and maths comparisons) one user may start per minute; 0 turns the limit off. */
  RUNNER_RATE_LIMIT: z.coerce.number().int().min(0).default(120),
  /** Practice evaluations per student per minute (every type; a program also costs one unit of RUNNER_RATE_LIMIT). */
  PRACTICE_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  /** BullMQ queue shared by the API and the `npm run runner` workers. */
  RUNNER_QUEUE: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default('exam-runner'),
  PRESENCE_WINDOW_SECONDS: z.coerce.number().int().min(10).default(300),
  /** The platform's public address (https://examens.univ.example), for LTI: the addresses given to Moodle. Unset: the request's own. */
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

// Password hashing with scrypt (node:crypto); the parameters are stored with each hash. Every hash goes through
// one bounded, first-come-first-served pool of low-priority threads (lib/hash-pool.ts): a rush of sign-ins waits
// its turn instead of taking the cores from the students already inside.
import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { defaultHashSlots, HashPool, HashQueueFullError, type HashPoolOptions } from './hash-pool';
import { HttpError } from './errors';

const pool = new HashPool({ slots: defaultHashSlots(), nice: 10, maxWaiting: 5000 });

/** Sets the pool from the configuration (PASSWORD_HASH_SLOTS, PASSWORD_HASH_NICE, PASSWORD_HASH_QUEUE). */
export function configurePasswordHashing(opts: HashPoolOptions): void {
  pool.configure(opts);
}

/** The pool itself, for its tests and for a clean exit. */
export const passwordHashPool = pool;

const scrypt = async (pw: string, salt: Buffer, len: number, opts: ScryptOptions) => {
  try {
    return await pool.scrypt(pw, salt, len, opts);
  } catch (err) {
    if (err instanceof HashQueueFullError) {
      throw new HttpError(503, 'Trop de connexions arrivent en même temps. Réessayez dans quelques secondes.', undefined, undefined, {
        'retry-after': '5',
      });
    }
    throw err;
  }
};

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A dummy hash so that a login with an unknown email costs as much time as one with a known email. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('mot-de-passe-factice');
  return dummyHash;
}

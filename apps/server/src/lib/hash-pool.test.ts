// The password hashing pool: bounded, first come first served, a refusal past its queue, low-priority threads,
// and the same keys as node's own scrypt.
import os from 'node:os';
import { scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { HashPool, HashQueueFullError } from './hash-pool';
import { hashPassword, passwordHashPool, verifyPassword } from './password';

const opts = { N: 1024, r: 8, p: 1 };
const salt = Buffer.from('0123456789abcdef');
let pool: HashPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('hash pool', () => {
  it('gives the keys node computes', async () => {
    pool = new HashPool({ slots: 2, nice: 0, maxWaiting: 10 });
    const key = await pool.scrypt('secret', salt, 32, opts);
    expect(key.equals(scryptSync('secret', salt, 32, opts))).toBe(true);
  });

  it('runs at most its slots at once and serves the waiting ones in their order of arrival', async () => {
    pool = new HashPool({ slots: 2, nice: 0, maxWaiting: 100 });
    const jobs = Array.from({ length: 12 }, (_, i) => pool!.scrypt(`pw-${i}`, salt, 32, opts));
    expect(pool.load).toEqual({ running: 2, waiting: 10 });
    await Promise.all(jobs);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });

    pool.configure({ slots: 1, nice: 0, maxWaiting: 100 });
    const strict: number[] = [];
    await Promise.all(Array.from({ length: 8 }, (_, i) => pool!.scrypt(`pw-${i}`, salt, 32, opts).then(() => strict.push(i))));
    expect(strict).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses at once past its queue, and serves those it took', async () => {
    pool = new HashPool({ slots: 1, nice: 0, maxWaiting: 2 });
    const taken = [pool.scrypt('a', salt, 32, opts), pool.scrypt('b', salt, 32, opts), pool.scrypt('c', salt, 32, opts)];
    await expect(pool.scrypt('d', salt, 32, opts)).rejects.toBeInstanceOf(HashQueueFullError);
    expect((await Promise.all(taken)).map((k) => k.length)).toEqual([32, 32, 32]);
  });

  it('never runs more than its slots, however long the queue waits', async () => {
    pool = new HashPool({ slots: 1, nice: 0, maxWaiting: 100 });
    const done: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) => pool!.scrypt(`pw-${i}`, salt, 32, opts).then(() => done.push(i)));
    expect(pool.load).toEqual({ running: 1, waiting: 5 });
    // Served one at a time, in their order of arrival.
    await Promise.all(jobs);
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pool.threadIds().length).toBeLessThanOrEqual(1);
  });

  // The platform runs on Linux (docs/deploiement.md): thread priorities are read from /proc there, never skipped.
  it('hashes in threads of lowered priority, the main thread keeping its own', async () => {
    const own = os.getPriority(process.pid);
    pool = new HashPool({ slots: 2, nice: 10, maxWaiting: 10 });
    await Promise.all(['x', 'y', 'z'].map((pw) => pool!.scrypt(pw, salt, 32, opts)));
    const tids = pool.threadIds();
    expect(tids).toHaveLength(2);
    for (const tid of tids) {
      expect(tid).toBeGreaterThan(0);
      expect(tid).not.toBe(process.pid);
      // Raising one's niceness needs no privilege; under an already nicer process it stays where it was.
      expect(os.getPriority(tid)).toBe(Math.max(10, own));
    }
    expect(os.getPriority(process.pid)).toBe(own);
  });

  it('is what hashPassword and verifyPassword go through', async () => {
    const before = passwordHashPool.threadIds().length;
    const hash = await hashPassword('MotDePasse1!');
    expect(await verifyPassword('MotDePasse1!', hash)).toBe(true);
    expect(await verifyPassword('Autre1!', hash)).toBe(false);
    expect(passwordHashPool.threadIds().length).toBeGreaterThanOrEqual(Math.max(1, before));
  });
});

// Small shared store for counters and presence: in-process by default, Redis when REDIS_URL is set,
// so that several API processes agree on rate limits and on who is online.
// ioredis is loaded only when REDIS_URL is set, keeping the embedded server's memory small.
import type { Redis } from 'ioredis';

export interface KvStore {
  /** Increments a counter living `ttlSeconds` from its first increment; returns the new value. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  get(key: string): Promise<number>;
  del(key: string): Promise<void>;
  /** Presence: marks a member seen now. */
  touch(set: string, member: string, nowMs: number): Promise<void>;
  remove(set: string, member: string): Promise<void>;
  /** Members seen since `sinceMs` (older ones are pruned). */
  countSince(set: string, sinceMs: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryKv implements KvStore {
  private counters = new Map<string, { value: number; expires: number }>();
  private sets = new Map<string, Map<string, number>>();

  async incr(key: string, ttlSeconds: number) {
    const now = Date.now();
    const cur = this.counters.get(key);
    if (!cur || cur.expires <= now) {
      this.counters.set(key, { value: 1, expires: now + ttlSeconds * 1000 });
      return 1;
    }
    cur.value += 1;
    return cur.value;
  }
  async get(key: string) {
    const cur = this.counters.get(key);
    return cur && cur.expires > Date.now() ? cur.value : 0;
  }
  async del(key: string) {
    this.counters.delete(key);
  }
  async touch(set: string, member: string, nowMs: number) {
    let s = this.sets.get(set);
    if (!s) this.sets.set(set, (s = new Map()));
    s.set(member, nowMs);
  }
  async remove(set: string, member: string) {
    this.sets.get(set)?.delete(member);
  }
  async countSince(set: string, sinceMs: number) {
    const s = this.sets.get(set);
    if (!s) return 0;
    for (const [m, t] of s) if (t < sinceMs) s.delete(m);
    return s.size;
  }
  async close() {}
}

export class RedisKv implements KvStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'exam:',
  ) {}
  static async connect(url: string, prefix = 'exam:') {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    // ioredis reconnects by itself; say once that the connection is lost, and once that it is back.
    let down = false;
    redis.on('error', (err: Error) => {
      if (!down) console.warn(`Redis injoignable (${err.message}) : nouvelle connexion en cours.`);
      down = true;
    });
    redis.on('ready', () => {
      if (down) console.warn('Redis de nouveau joignable.');
      down = false;
    });
    return new RedisKv(redis, prefix);
  }
  async incr(key: string, ttlSeconds: number) {
    const k = this.prefix + key;
    const [[, v]] = (await this.redis.multi().incr(k).expire(k, ttlSeconds, 'NX').exec()) as [[unknown, number]];
    return v;
  }
  async get(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async touch(set: string, member: string, nowMs: number) {
    await this.redis.zadd(this.prefix + set, nowMs, member);
  }
  async remove(set: string, member: string) {
    await this.redis.zrem(this.prefix + set, member);
  }
  async countSince(set: string, sinceMs: number) {
    const k = this.prefix + set;
    await this.redis.zremrangebyscore(k, '-inf', `(${sinceMs}`);
    return this.redis.zcard(k);
  }
  async close() {
    this.redis.disconnect();
  }
}

// The PostgreSQL pool under overload: a request waiting for a connection that others hold waits its turn, however
// long, and gets its answer (the exam room's 503s came from a wait limited to the connect timeout); only opening a
// connection to a server that does not answer times out, as « database unavailable ».
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/error-handler';
import { CONNECT_TIMEOUT_MS, openDb } from './index';

const url = process.env.DATABASE_URL;

describe.runIf(!!url)('PostgreSQL pool under overload', () => {
  const handles: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const h of handles) await h.close();
  });

  it('queues a request behind a busy connection for longer than the connect timeout, then serves it', async () => {
    const h = await openDb({ databaseUrl: url, poolSize: 1 });
    handles.push(h);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const isHolding = new Promise<void>((r) => (holding = r));
    // The pool's only connection, held until released.
    const holder = h.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      holding();
      await held;
    });
    await isHolding;
    let settled = false;
    const waiter = sql<{ n: number }>`select 2 as n`.execute(h.db).finally(() => (settled = true));
    // Past the connect timeout: the waiting request is still waiting, not refused.
    await new Promise((r) => setTimeout(r, CONNECT_TIMEOUT_MS + 1000));
    expect(settled).toBe(false);
    release();
    await holder;
    expect((await waiter).rows).toEqual([{ n: 2 }]);
  }, 60_000);

  it('gives up opening a connection to a server that does not answer, as « database unavailable »', async () => {
    // Accepts the TCP connection and never says anything: a server that hangs.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const h = await openDb({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`, poolSize: 1, connectTimeoutMs: 200 });
      handles.push(h);
      const err = (await sql`select 1`.execute(h.db).then(
        () => null,
        (e: unknown) => e,
      )) as { code?: string; message?: string } | null;
      expect(err).not.toBeNull();
      expect(isDatabaseUnavailable(err!)).toBe(true);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});

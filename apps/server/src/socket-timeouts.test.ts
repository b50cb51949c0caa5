// A request being answered is never cut by the idle-socket timer: under a rush a student's answer may wait its turn
// (a database connection, a runner slot) longer than the idle delay with nothing sent meanwhile, and the timer closed
// its socket (the proxy then answered 503 to the student). Over a real socket, with the real sandbox: a program that
// takes longer than the idle delay gets its answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { createTestApp, loginAs, seedUser, type TestApp } from '../test/helper';

let t: TestApp;
let runner: EmbeddedRunner;
let base = '';

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 1 });
  t = await createTestApp({ runner, config: { IDLE_SOCKET_SECONDS: '1' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

describe('the idle-socket timer', () => {
  it('never cuts a request being answered, however long it waits', async () => {
    const token = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    // The program waits three idle delays before it answers: the socket stays silent all that time.
    const res = await fetch(`${base}/api/admin/python/exec-python-code`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'import time\ntime.sleep(3)\nprint("fini")\n' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { stdout: string } };
    expect(body.data.stdout.trim()).toBe('fini');
  }, 120_000);
});

// The live count stream pushes a new value when someone signs in, without the client asking again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

async function nextCount(reader: ReadableStreamDefaultReader<Uint8Array>, buffer: { text: string }): Promise<number> {
  const decoder = new TextDecoder();
  for (;;) {
    const m = /event: count\ndata: (\{[^\n]*\})\n\n/.exec(buffer.text);
    if (m) {
      buffer.text = buffer.text.slice(m.index + m[0].length);
      return JSON.parse(m[1]).count;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error('stream closed');
    buffer.text += decoder.decode(value, { stream: true });
  }
}

describe('connected-count stream', () => {
  it('sends the count at once, then again when a user signs in', async () => {
    const admin = await seedUser(t.ctx, 'ADMIN');
    const token = await loginAs(t.app, admin);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/admin/users/connected-count/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const buffer = { text: '' };
    const first = await nextCount(reader, buffer);
    expect(first).toBeGreaterThanOrEqual(1);
    await loginAs(t.app, await seedUser(t.ctx, 'STUDENT'));
    expect(await nextCount(reader, buffer)).toBe(first + 1);
    controller.abort();
  });

  it('refuses the stream to teachers', async () => {
    const token = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const res = await fetch(`${base}/api/admin/users/connected-count/stream`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
  });
});

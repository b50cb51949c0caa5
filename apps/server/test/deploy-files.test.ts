// The deployment files stay true to the server: the environment example documents every setting the server
// reads, and nginx's limits and timeouts match the server's defaults.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../src/config';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');

describe('deploy/', () => {
  it('documents every configuration variable in exam.env.example, and no unknown one', () => {
    const text = read('deploy/exam.env.example');
    const named = new Set([...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const known = Object.keys(configSchema.shape);
    expect(known.filter((k) => !named.has(k))).toEqual([]);
    expect([...named].filter((k) => !known.includes(k))).toEqual([]);
    // The values set (uncommented) are accepted by the server.
    const env = Object.fromEntries([...text.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    expect(configSchema.safeParse(env).success).toBe(true);
  });

  it('gives nginx the upload limit and the header timeout of the server', () => {
    const proxy = read('deploy/nginx/exam-proxy.conf');
    const defaults = configSchema.parse({});
    const maxBody = Number(/client_max_body_size (\d+)m;/.exec(proxy)?.[1]) * 1024 * 1024;
    expect(maxBody).toBeGreaterThan(defaults.UPLOAD_LIMIT_BYTES);
    expect(maxBody).toBeLessThan(defaults.UPLOAD_LIMIT_BYTES + 2 * 1024 * 1024);
    expect(proxy).toContain(`client_header_timeout ${defaults.HEADERS_TIMEOUT_SECONDS}s;`);
    expect(proxy).toContain(`proxy_send_timeout ${defaults.REQUEST_TIMEOUT_SECONDS}s;`);
    // nginx never cuts an answer the server is still making (under a rush, a student's answer waits its turn).
    expect(Number(/^proxy_read_timeout (\d+)s;/m.exec(proxy)?.[1])).toBeGreaterThanOrEqual(defaults.REQUEST_TIMEOUT_SECONDS);
    // Only connection failures move a request to another process; the server's own 503 answers do not.
    expect(proxy).toMatch(/proxy_next_upstream error timeout;/);
    expect(proxy).not.toMatch(/proxy_next_upstream[^;]*(non_idempotent|http_503)/);
    // The presence stream is not buffered.
    expect(proxy).toMatch(/location = \/api\/admin\/users\/connected-count\/stream \{[^}]*proxy_buffering off;/);
  });

  it('keeps nginx idle upstream connections shorter than the server keeps them', () => {
    const site = read('deploy/nginx/exam.conf');
    expect(Number(/keepalive_timeout (\d+)s;/.exec(site)?.[1])).toBeLessThan(10);
    expect(site).toMatch(/server 127\.0\.0\.1:\d+ max_fails=\d+ fail_timeout=\d+s;/);
    // No process is ever set aside: a slow or saturated one set aside for 10 s sent 503 to every student meanwhile.
    const servers = [...site.matchAll(/^\s*server 127\.0\.0\.1:\d+ ([^;]*);/gm)];
    expect(servers.length).toBeGreaterThan(1);
    for (const [, params] of servers) expect(params).toMatch(/(^| )max_fails=0( |$)/);
  });

  it('sends HSTS on the HTTPS site, on every answer, and only there', () => {
    const site = read('deploy/nginx/exam.conf');
    const servers = site.split(/^server \{/m).slice(1);
    const https = servers.find((s) => /listen 443 ssl/.test(s));
    const http = servers.find((s) => /listen 80;/.test(s));
    const hsts = /add_header Strict-Transport-Security "max-age=(\d+)[^"]*" always;/.exec(https ?? '');
    // At least a year, as browsers' preload lists ask.
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31536000);
    expect(http).toBeDefined();
    expect(http).not.toContain('Strict-Transport-Security');
  });
});

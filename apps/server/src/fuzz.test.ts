// No input of any shape, to any route, with or without a token, answers 500. The routes are listed by the server
// itself as they are registered (onRoute), so a new route is fuzzed without touching this file. Every route gets,
// as anonymous, admin, teacher and student: out-of-range and malformed ids in its path, NUL bytes and huge numbers
// in the query, a plausible body (built from the route's own zod schema) with NUL in each text and out-of-range
// numbers in each number in turn, wrong JSON types, malformed JSON, JSON as text/plain and malformed multipart.
// Every route also declares what it answers: a 200 schema for each JSON route, and each error status it gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../test/helper';

interface Route {
  method: string;
  url: string;
  body?: unknown;
  querystring?: unknown;
  /** The route's options as registered: its schema is read after every onRoute hook has added to it. */
  options: { schema?: unknown };
}

/** The declared answers of a route, by status code. */
const declared = (route: Route) => ((route.options.schema ?? {}) as { response?: Record<string, { content?: Record<string, unknown> }> }).response ?? {};

/**
 * Routes whose 200 is not the JSON envelope, and why: they declare it with its media type (fileReplies), never a
 * JSON schema. Any other route must declare a JSON 200 schema.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/files/:id/download': 'streams the stored file, under its own media type',
  'GET /api/files/:id/inline/:hash': 'streams an image shown inside a chapter',
  'GET /api/answer-files/:id': 'sends a file handed in as an answer (PDF or image), to its owner or staff',
  'GET /api/answer-files/:id/pages/:page': 'sends a page of a PDF handed in as an answer, rendered as PNG',
  'GET /api/admin/users/template-import-student': 'sends the xlsx import template',
  'GET /api/admin/exam-results/:academicYearId/:specializationId/export': 'sends the xlsx export of results',
  'GET /api/admin/users/connected-count/stream': 'a server-sent-events stream',
  'GET /api/admin/questions/export': 'sends the Moodle XML or GIFT file of the chosen questions',
  'GET /api/admin/exams/:id/seb-config': 'sends the Safe Exam Browser file (.seb) of the exam',
  'GET /api/student/exams/:id/seb-config': 'sends the Safe Exam Browser file (.seb) of the exam',
  'GET /api/admin/exam-results/:examId/students/:userId/appeal': 'sends the appeal file (PDF) of one attempt',
  'GET /api/admin/retention/years/:id/archive-sample': 'sends the archives’ sample of a year (ZIP of appeal files)',
  'GET /api/admin/retention/records/:id/download': 'sends an elimination record (PDF)',
  'GET /api/student/my-data/archive': 'sends the student’s own data (ZIP)',
  'GET /api/admin/personal-data/students/:id/archive': 'sends a student’s data, on their request (ZIP)',
};

const routes: Route[] = [];
let t: TestApp;
const tokens: Record<string, string | null> = { anonymous: null };

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (r) => {
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      const schema = (r.schema ?? {}) as { body?: unknown; querystring?: unknown };
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: r.url, body: schema.body, querystring: schema.querystring, options: r });
      }
    },
  });
  const s = await seedStructure(t.ctx);
  tokens.admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  tokens.teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  tokens.student = await loginAs(
    t.app,
    await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId, is_premium: 1 }),
  );
}, 120_000);
afterAll(async () => t?.close());

const BAD_IDS = ['2147483648', '-1', '1e30', 'abc', '%00', '0', '1.5', '99999999999999999999'];
const NUL = 'a\u0000b';
const HUGE = 2147483648;

// ---- plausible bodies from a zod schema --------------------------------------------------------------------------
type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def: Def } })?._zod?.def;

function plausible(schema: unknown, key = ''): unknown {
  const def = defOf(schema);
  if (!def) return 'x';
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, plausible(v, k)]));
    }
    case 'string':
      if (/email/.test(key)) return 'fuzz@test.example';
      if (/date|_start|_end|_at$/.test(key)) return '2026-01-15';
      return 'Texte';
    case 'number':
    case 'int':
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(def.element, key)];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return plausible((def.options as unknown[])[0], key);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return plausible(def.innerType, key);
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? plausible(def.out, key) : plausible(def.in, key);
    case 'lazy':
      return plausible((def.getter as () => unknown)(), key);
    case 'record':
      return { cle: 'valeur' };
    default:
      return 'x';
  }
}

/** Every leaf path of a plausible body, with its value. */
function leaves(v: unknown, path: (string | number)[] = []): Array<{ path: (string | number)[]; value: unknown }> {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...path, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, [...path, k]));
  return [{ path, value: v }];
}

function setAt(obj: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(obj) as Record<string | number, unknown>;
  let cur = copy;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  cur[path[path.length - 1]] = value;
  return copy;
}

/** Bodies for one route: the plausible one mutated one field at a time, plus wrong shapes. */
function bodies(route: Route): Array<{ label: string; payload: unknown }> {
  const base = route.body ? plausible(route.body) : { id: 1, name: 'Texte' };
  const out: Array<{ label: string; payload: unknown }> = [];
  for (const leaf of leaves(base)) {
    const where = leaf.path.join('.');
    if (typeof leaf.value === 'string') {
      out.push({ label: `NUL in ${where}`, payload: setAt(base, leaf.path, NUL) });
      out.push({ label: `number in ${where}`, payload: setAt(base, leaf.path, HUGE) });
    } else if (typeof leaf.value === 'number') {
      out.push({ label: `2147483648 in ${where}`, payload: setAt(base, leaf.path, HUGE) });
      out.push({ label: `1e30 in ${where}`, payload: setAt(base, leaf.path, 1e30) });
      out.push({ label: `-1 in ${where}`, payload: setAt(base, leaf.path, -1) });
      out.push({ label: `"abc" in ${where}`, payload: setAt(base, leaf.path, 'abc') });
    } else {
      out.push({ label: `object in ${where}`, payload: setAt(base, leaf.path, { a: NUL }) });
    }
  }
  out.push({ label: 'NUL everywhere', payload: JSON.parse(JSON.stringify(base, (_k, v) => (typeof v === 'string' ? NUL : v))) });
  out.push({ label: 'array body', payload: [base] });
  out.push({ label: 'null fields', payload: JSON.parse(JSON.stringify(base, (k, v) => (k && typeof v !== 'object' ? null : v))) });
  return out;
}

// ---- requests ----------------------------------------------------------------------------------------------------
function fill(url: string, value: string, which?: string): string {
  return url
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) => (which === undefined || which === name ? value : '1'))
    .replace(/\*$/, 'x');
}

function requestsFor(route: Route, full: boolean): Array<{ label: string; opts: InjectOptions }> {
  const method = route.method as InjectOptions['method'];
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const base = fill(route.url, '999999');
  const list: Array<{ label: string; opts: InjectOptions }> = [{ label: 'plain', opts: { method, url: base } }];
  for (const p of params) for (const bad of BAD_IDS) list.push({ label: `:${p}=${bad}`, opts: { method, url: fill(route.url, bad, p) } });
  if (!full) return list;
  const q = (o: Record<string, string>) => `${base}?${new URLSearchParams(o).toString()}`;
  const keys = ['search', 'sort', 'page', 'per_page', 'academic_year_id', 'mention_id', 'specialization_id', 'course_id', 'chapter_id', 'role', 'level', 'is_premium', 'is_published', 'type', 'language', 'status', 'tag'];
  list.push({ label: 'NUL in every query field', opts: { method, url: q(Object.fromEntries(keys.map((k) => [k, NUL]))) } });
  list.push({ label: 'huge numbers in the query', opts: { method, url: q(Object.fromEntries(keys.map((k) => [k, '2147483648']))) } });
  list.push({ label: '1e30 in the query', opts: { method, url: q(Object.fromEntries(keys.map((k) => [k, '1e30']))) } });
  list.push({ label: 'repeated query fields', opts: { method, url: `${base}?search=a&search=b&page=1&page=2&academic_year_id=1&academic_year_id=x` } });
  if (route.querystring) {
    const plain = plausible(route.querystring) as Record<string, unknown>;
    for (const leaf of leaves(plain)) {
      const k = String(leaf.path[0]);
      list.push({ label: `query ${k}=NUL`, opts: { method, url: q({ [k]: NUL }) } });
      list.push({ label: `query ${k}=-1`, opts: { method, url: q({ [k]: '-1' }) } });
    }
  }
  if (!hasBody) return list;
  for (const b of bodies(route)) list.push({ label: b.label, opts: { method, url: base, payload: b.payload as InjectOptions['payload'] } });
  const json = { 'content-type': 'application/json' };
  for (const raw of ['{"a":', '[]', '"texte"', '123', 'null', 'true', '{"__proto__":{"x":1}}', '\u0000']) {
    list.push({ label: `raw JSON ${JSON.stringify(raw)}`, opts: { method, url: base, headers: json, payload: raw } });
  }
  list.push({ label: 'JSON as text/plain', opts: { method, url: base, headers: { 'content-type': 'text/plain' }, payload: '{"a":1}' } });
  list.push({ label: 'unknown content type', opts: { method, url: base, headers: { 'content-type': 'application/x-nope' }, payload: 'x' } });
  const part = '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nbonjour\r\n--B--\r\n';
  list.push({ label: 'multipart without boundary', opts: { method, url: base, headers: { 'content-type': 'multipart/form-data' }, payload: part } });
  const long = 'B'.repeat(300);
  list.push({
    label: 'multipart boundary of 300 characters',
    opts: { method, url: base, headers: { 'content-type': `multipart/form-data; boundary=${long}` }, payload: part.replaceAll('--B', `--${long}`) },
  });
  list.push({ label: 'multipart cut short', opts: { method, url: base, headers: { 'content-type': 'multipart/form-data; boundary=B' }, payload: part.slice(0, 60) } });
  list.push({
    label: 'multipart with NUL field',
    opts: { method, url: base, headers: { 'content-type': 'multipart/form-data; boundary=B' }, payload: `--B\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\n\u0000\r\n--B--\r\n` },
  });
  return list;
}

/** Routes that end the caller's session or never end (event stream): only tried without a token. */
const SESSION_ENDING = /\/logout(-all)?$|\/stream$/;

/** The API's own routes (not the OpenAPI pages, not the web app). */
const isApi = (r: Route) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs');
const apiRoutes = () => routes.filter(isApi);

describe('declared answers', () => {
  it('every JSON route declares its 200 schema; only the listed file and stream routes declare another media type', () => {
    expect(apiRoutes().length).toBeGreaterThan(90);
    const missing: string[] = [];
    const notJson: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      const ok = declared(route)['200'];
      if (!ok) missing.push(key);
      else if (ok.content && !Object.keys(ok.content).some((type) => type.includes('json'))) notJson.push(key);
    }
    expect(missing, 'routes without a declared 200 answer').toEqual([]);
    expect(notJson.sort()).toEqual(Object.keys(NOT_JSON).sort());
  });

  it('every route declares the error envelope for what its access and input expose it to', () => {
    const gaps: string[] = [];
    for (const route of apiRoutes()) {
      const codes = Object.keys(declared(route));
      const schema = route.options.schema as { params?: unknown; querystring?: unknown; body?: unknown };
      const expected = ['503', ...(schema.params || schema.querystring || schema.body ? ['422'] : [])];
      if (['POST', 'PUT', 'DELETE'].includes(route.method)) expected.push('400', '413', '415');
      for (const code of expected) if (!codes.includes(code)) gaps.push(`${route.method} ${route.url} ${code}`);
    }
    expect(gaps).toEqual([]);
  });
});

describe('fuzz: every route, every role', () => {
  it('never answers 500', async () => {
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let sent = 0;
    for (const [role, token] of Object.entries(tokens)) {
      for (const route of routes) {
        if (token && SESSION_ENDING.test(route.url)) continue;
        const probe = requestsFor(route, false)[0];
        const first = await t.app.inject(token ? authed(token, probe.opts) : probe.opts);
        // Refused before validation (no token, wrong role): the input cannot matter, a few tries are enough.
        const full = first.statusCode !== 401 && first.statusCode !== 403;
        const list = requestsFor(route, full);
        for (let i = 0; i < list.length; i += 16) {
          const batch = list.slice(i, i + 16);
          const answers = await Promise.all(batch.map((r) => t.app.inject(token ? authed(token, r.opts) : r.opts)));
          answers.forEach((res, j) => {
            sent += 1;
            const where = `${role} ${route.method} ${route.url} [${batch[j].label}] → ${res.statusCode}`;
            if (res.statusCode >= 500 && res.statusCode !== 503) failures.push(`${where} ${res.body.slice(0, 200)}`);
            // An error a route gives must be one it declares (the OpenAPI description lists it, the envelope is checked).
            else if (res.statusCode >= 400 && isApi(route) && !declared(route)[res.statusCode]) failures.push(`${where} not declared`);
            else if (res.statusCode === 200 && NOT_JSON[`${route.method} ${route.url}`] && /json/.test(String(res.headers['content-type']))) {
              failures.push(`${where} JSON from a route declared as a file or a stream`);
            }
          });
        }
      }
    }
    console.log(`fuzz: ${routes.length} routes, ${sent} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 600_000);
});

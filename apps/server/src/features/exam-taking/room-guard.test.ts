// The room's rules guard the student calls of an exam by the routes' own declarations (`config.examRoom`), not by a
// list of addresses kept by hand: every route under /api/student/exams/:id says where it stands, and each one inside
// the room has the guard before its handler. A new route that forgets it fails here, as fuzz.test.ts does for schemas.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { isRoomGuard } from './access';

let t: TestApp;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({ onRoute: (r) => routes.push(r as RouteOptions) });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const name = (r: RouteOptions) => `${String(r.method)} ${r.url}`;

describe('the room guard', () => {
  it('every student route of one exam declares its place in the room, and each one inside it is guarded', () => {
    const exam = routes.filter((r) => r.url.startsWith('/api/student/exams/:id/') && r.method !== 'HEAD');
    expect(exam.length).toBeGreaterThanOrEqual(12);
    expect(exam.filter((r) => !r.config?.examRoom).map(name)).toEqual([]);
    // Declared anywhere, under any address: the guard comes first.
    const inside = routes.filter((r) => r.config?.examRoom && r.config.examRoom !== 'outside');
    expect(inside.filter((r) => !isRoomGuard([r.preHandler].flat()[0])).map(name)).toEqual([]);
    // Only what is read before entering the room stands outside it.
    expect(exam.filter((r) => r.config?.examRoom === 'outside').map(name).sort()).toEqual(['GET /api/student/exams/:id/access', 'GET /api/student/exams/:id/seb-config']);
  });
});

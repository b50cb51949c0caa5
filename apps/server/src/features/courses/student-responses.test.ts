// The student-facing and session answers go through their declared response schemas: exactly the listed
// fields leave the server (no password hash, no access window, no author of a course).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResultSchema, studentCourseDetailSchema, studentCourseSchema, userSchema } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const keys = (o: object) => Object.keys(o).sort();

describe('declared response schemas', () => {
  it('login, profile and the student course routes answer exactly their schema’s fields', async () => {
    const s = await seedStructure(t.ctx);
    const user = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const teacher = await seedUser(t.ctx, 'TEACHER');
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    expect(keys(login.json().data)).toEqual(keys(loginResultSchema.shape));
    const token = login.json().data.token as string;
    const profile = await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/profile' }));
    expect(keys(profile.json().data)).toEqual(keys(userSchema.shape));
    expect(JSON.stringify(profile.json())).not.toMatch(/password_hash|access_start|access_end/);

    const course = await t.ctx.db
      .insertInto('courses')
      .values({ title: 'Statistiques', academic_year_id: s.yearId, is_published: 1, author_id: teacher.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('course_specializations').values({ course_id: course.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('chapters').values({ course_id: course.id, title: 'Intro', content: '<p>x</p>', position: 1 }).execute();
    const studentToken = await loginAs(t.app, user);
    const list = await t.app.inject(authed(studentToken, { method: 'GET', url: '/api/student/courses' }));
    expect(list.statusCode).toBe(200);
    expect(keys(list.json().data[0])).toEqual(keys(studentCourseSchema.shape));
    const show = await t.app.inject(authed(studentToken, { method: 'GET', url: `/api/student/courses/${course.id}/show` }));
    expect(show.statusCode).toBe(200);
    expect(keys(show.json().data)).toEqual(keys(studentCourseDetailSchema.shape));
    expect(JSON.stringify(show.json())).not.toMatch(/author_id|author_name|is_published/);
  });
});

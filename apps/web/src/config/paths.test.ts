// Every route name of the specification is in paths.ts, with unique names and paths, and working href helpers.
import { describe, expect, it } from 'vitest';
import { hrefByName, landingFor, paths } from './paths';

const SPEC_NAMES = [
  'home', 'student-courses', 'not-access-date', 'auth-login', 'list-students', 'students-create', 'students-edit', 'users', 'profile',
  'student-profile', 'years', 'mentions', 'specializations', 'courses', 'exams', 'questions', 'exam-results', 'practice-python',
  'practice-r', 'practice-math', 'student-exams', 'student-practice-python', 'student-practice-r', 'student-practice-math',
];

describe('paths', () => {
  const all = Object.values(paths);

  it('has every route name of the specification', () => {
    const names = all.map((r) => r.name);
    for (const name of SPEC_NAMES) expect(names).toContain(name);
  });

  it('has unique names and paths', () => {
    expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.path)).size).toBe(all.length);
  });

  it('builds links of parameterized routes', () => {
    expect(paths.studentsEdit.href(12)).toBe('/dashboard/users/students/12/edit');
    expect(paths.examResultsShow.href('3')).toBe('/dashboard/exam-results/3/show');
    expect(paths.studentExamsHandle.href(7)).toBe('/student/exams/7/handle');
    expect(paths.studentPracticeExercise.href(5)).toBe('/student/practice/5/exercise');
    // Every helper fills every parameter.
    for (const r of all) expect((r.href as (...a: unknown[]) => string)(1, 1)).not.toMatch(/:/);
  });

  it('sends students to student-courses and staff to home', () => {
    expect(landingFor('STUDENT')).toBe('/student/courses');
    expect(landingFor('student')).toBe('/student/courses');
    expect(landingFor('TEACHER')).toBe('/dashboard');
    expect(landingFor('ADMIN')).toBe('/dashboard');
    expect(hrefByName('not-access-date')).toBe('/static/not-access-date');
  });
});

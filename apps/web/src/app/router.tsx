// The route table: three groups (public, staff, student), each with its layout, every route of the specification.
// Route ids are the specification's route names. A screen is a lazily loaded module exporting `Component`:
// `screen('years', () => import('@/features/<feature>/routes/<screen>'))`.
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import type { Role } from '@exam/shared';
import { paths, type RouteKey } from '@/config/paths';
import * as root from './routes/root';

type Lazy = LazyRouteFunction<RouteObject>;

export interface RouteHandle {
  /** French name of the screen (document title). */
  title: string;
  /** Specification route name. */
  name: string;
  /** Roles allowed on this screen inside its group (the configuration screens are admin only). */
  roles?: Role[];
}

/** Configuration screens: administrators only (teachers get an "access denied" page; the API answers 403 too). */
const ADMIN_ONLY: RouteKey[] = ['years', 'yearsEdit', 'mentions', 'mentionsEdit', 'specializations', 'specializationsEdit', 'users', 'usersCreate', 'usersEdit', 'retention'];

function screen(key: RouteKey, lazy: Lazy): RouteObject {
  const r = paths[key];
  const handle: RouteHandle = { title: r.title, name: r.name, ...(ADMIN_ONLY.includes(key) ? { roles: ['ADMIN'] } : {}) };
  return { id: r.name, path: r.path, handle, lazy };
}

export const routes: RouteObject[] = [
  {
    // The root is loaded with the entry (not lazily), so that its HydrateFallback is known at start-up and shows
    // while the first screen's lazy modules load (a lazy root leaves React Router without one and it warns).
    id: 'root',
    Component: root.Component,
    HydrateFallback: root.HydrateFallback,
    ErrorBoundary: root.ErrorBoundary,
    children: [
      {
        id: 'public-layout',
        lazy: () => import('./layouts/public-layout'),
        children: [
          screen('landing', () => import('@/features/public/routes/landing')),
          screen('authLogin', () => import('@/features/auth/routes/login')),
          screen('login', () => import('@/features/auth/routes/login')),
          screen('noPremium', () => import('@/features/public/routes/no-premium')),
          screen('notAccessDate', () => import('@/features/public/routes/not-access-date')),
          screen('accessibility', () => import('@/features/public/routes/accessibility')),
          screen('ltiEntry', () => import('@/features/lti/routes/lti-entry')),
        ],
      },
      {
        id: 'staff-layout',
        lazy: () => import('./layouts/staff-layout'),
        children: [
          screen('home', () => import('@/features/dashboard/routes/welcome')),
          screen('profile', () => import('@/features/auth/routes/profile')),
          screen('retention', () => import('@/features/retention/routes/retention')),
          screen('retentionHolds', () => import('@/features/retention/routes/holds')),
          screen('personalData', () => import('@/features/personal-data/routes/personal-data')),
          screen('years', () => import('@/features/academic-years/routes/years')),
          screen('yearsEdit', () => import('@/features/academic-years/routes/year-edit')),
          screen('mentions', () => import('@/features/mentions/routes/mentions')),
          screen('mentionsEdit', () => import('@/features/mentions/routes/mention-edit')),
          screen('specializations', () => import('@/features/specializations/routes/specializations')),
          screen('specializationsEdit', () => import('@/features/specializations/routes/specialization-edit')),
          screen('practicePython', () => import('@/features/practice/routes/practice-python')),
          screen('practiceR', () => import('@/features/practice/routes/practice-r')),
          screen('practiceMath', () => import('@/features/practice/routes/practice-math')),
          screen('examResults', () => import('@/features/exam-results/routes/exam-results-list')),
          screen('examResultsShow', () => import('@/features/exam-results/routes/exam-results-show')),
          screen('examLive', () => import('@/features/exam-results/routes/exam-live')),
          screen('examSimilarity', () => import('@/features/similarity/routes/exam-similarity')),
          screen('practiceSimilarity', () => import('@/features/similarity/routes/practice-similarity')),
          screen('examGrading', () => import('@/features/grading/routes/exam-grading')),
          screen('exams', () => import('@/features/exams/routes/exams-list')),
          screen('examsCreate', () => import('@/features/exams/routes/exam-create')),
          screen('examsEdit', () => import('@/features/exams/routes/exam-edit')),
          screen('courses', () => import('@/features/courses/routes/courses-list')),
          screen('coursesCreate', () => import('@/features/courses/routes/course-create')),
          screen('coursesEdit', () => import('@/features/courses/routes/course-edit')),
          screen('questions', () => import('@/features/questions/routes/questions-list')),
          screen('questionsCreate', () => import('@/features/questions/routes/question-create')),
          screen('questionsEdit', () => import('@/features/questions/routes/question-edit')),
          screen('users', () => import('@/features/users/routes/users')),
          screen('usersCreate', () => import('@/features/users/routes/user-create')),
          screen('usersEdit', () => import('@/features/users/routes/user-edit')),
          screen('listStudents', () => import('@/features/users/routes/students')),
          screen('studentsCreate', () => import('@/features/users/routes/student-create')),
          screen('studentsEdit', () => import('@/features/users/routes/student-edit')),
          screen('ltiPlatforms', () => import('@/features/lti/routes/lti-platforms')),
        ],
      },
      {
        id: 'student-layout',
        lazy: () => import('./layouts/student-layout'),
        children: [
          screen('studentProfile', () => import('@/features/auth/routes/profile')),
          screen('studentMyData', () => import('@/features/personal-data/routes/my-data')),
          screen('studentHome', () => import('./routes/student-home')),
          screen('studentPracticePython', () => import('@/features/student-practice/routes/practice-python')),
          screen('studentPracticeR', () => import('@/features/student-practice/routes/practice-r')),
          screen('studentPracticeMath', () => import('@/features/student-practice/routes/practice-math')),
          screen('studentPracticeExercise', () => import('@/features/student-practice/routes/practice-exercise')),
          screen('studentCourses', () => import('@/features/courses/routes/student-courses')),
          screen('studentCoursesShow', () => import('@/features/courses/routes/student-course-show')),
          screen('studentExams', () => import('@/features/student-exams/routes/exams-list')),
          screen('studentExamsShow', () => import('@/features/student-exams/routes/exam-show')),
          screen('studentExamsHandle', () => import('@/features/student-exams/routes/exam-handle')),
        ],
      },
      { id: 'not-found', path: '*', handle: { title: 'Page introuvable', name: 'not-found' }, lazy: () => import('./routes/not-found') },
    ],
  },
];

export const router = createBrowserRouter(routes);

// Menu items of the two signed-in layouts and the roles that see them (specification "Staff layout", "Student layout").
import type { Role } from '@exam/shared';
import { paths } from '@/config/paths';
import { texts } from '@/texts';

export interface MenuLink {
  label: string;
  to: string;
}

export interface MenuEntry {
  label: string;
  /** A direct link, or a dropdown of links. */
  to?: string;
  items?: MenuLink[];
  /** Shown only if the user's role is in the list. */
  roles?: Role[];
}

const m = texts.menu;
const STAFF: Role[] = ['ADMIN', 'TEACHER'];

export const staffMenu: MenuEntry[] = [
  { label: m.home, to: paths.home.path, roles: STAFF },
  {
    label: m.configurations,
    roles: ['ADMIN'],
    items: [
      { label: m.years, to: paths.years.path },
      { label: m.mentions, to: paths.mentions.path },
      { label: m.specializations, to: paths.specializations.path },
      { label: m.users, to: paths.users.path },
      { label: m.retention, to: paths.retention.path },
    ],
  },
  { label: m.students, to: paths.listStudents.path, roles: STAFF },
  {
    label: m.teaching,
    roles: STAFF,
    items: [
      { label: m.courses, to: paths.courses.path },
      { label: m.exams, to: paths.exams.path },
      { label: m.questions, to: paths.questions.path },
    ],
  },
  // The specification's six menus stay as they are: what came later (grades sent to Moodle, personal data) is an item
  // of « Résultats », where staff follow what becomes of the results.
  {
    label: m.results,
    roles: STAFF,
    items: [
      { label: m.averages, to: paths.examResults.path },
      { label: m.lti, to: paths.ltiPlatforms.path },
      { label: m.deletionRequests, to: paths.personalData.path },
      { label: m.holds, to: paths.retentionHolds.path },
    ],
  },
  {
    label: m.practice,
    roles: STAFF,
    items: [
      { label: m.python, to: paths.practicePython.path },
      { label: m.r, to: paths.practiceR.path },
      { label: m.math, to: paths.practiceMath.path },
    ],
  },
];

export const studentMenu: MenuEntry[] = [
  { label: m.exams, to: paths.studentExams.path },
  { label: m.courses, to: paths.studentCourses.path },
  {
    label: m.practice,
    items: [
      { label: m.python, to: paths.studentPracticePython.path },
      { label: m.r, to: paths.studentPracticeR.path },
      { label: m.math, to: paths.studentPracticeMath.path },
    ],
  },
];

export const visibleEntries = (entries: MenuEntry[], role: string | undefined) =>
  entries.filter((e) => !e.roles || e.roles.includes((role ?? '').toUpperCase() as Role));

// Every route of the specification: its path (React Router pattern), its route name and href helpers.
// Screens link with `paths.<name>.href(...)`; the route table in app/router.tsx uses `paths.<name>.path`.

type Id = number | string;

const route = <N extends string>(name: N, path: string, title: string) => ({ name, path, title, href: () => path });
const param = <N extends string, A extends unknown[]>(name: N, path: string, title: string, href: (...args: A) => string) => ({
  name,
  path,
  title,
  href,
});

export const paths = {
  // Public group
  landing: route('landing', '/', 'Accueil'),
  authLogin: route('auth-login', '/auth/login', 'Connexion'),
  login: route('login', '/login', 'Connexion'),
  noPremium: route('no-premium', '/static/no-premium', 'Accès premium requis'),
  notAccessDate: route('not-access-date', '/static/not-access-date', 'Accès fermé'),
  accessibility: route('accessibility', '/accessibilite', 'Déclaration d’accessibilité'),
  ltiEntry: route('lti-entry', '/lti/entree', 'Connexion depuis la plateforme de cours'),

  // Staff dashboard group
  home: route('home', '/dashboard', 'Accueil'),
  profile: route('profile', '/profile', 'Mon profil'),
  retention: route('retention', '/dashboard/retention', 'Conservation des données'),
  retentionHolds: route('retention-holds', '/dashboard/retention/holds', 'Gels de conservation'),
  personalData: route('personal-data', '/dashboard/personal-data', 'Données personnelles'),
  years: route('years', '/dashboard/years', 'Années universitaires'),
  yearsEdit: param('years-edit', '/dashboard/years/:year/edit', 'Modifier une année', (year: Id) => `/dashboard/years/${year}/edit`),
  mentions: route('mentions', '/dashboard/mentions', 'Mentions'),
  mentionsEdit: param('mentions-edit', '/dashboard/mentions/:mention/edit', 'Modifier une mention', (mention: Id) => `/dashboard/mentions/${mention}/edit`),
  specializations: route('specializations', '/dashboard/specializations', 'Parcours'),
  specializationsEdit: param(
    'specializations-edit',
    '/dashboard/specializations/:specialization/edit',
    'Modifier un parcours',
    (specialization: Id) => `/dashboard/specializations/${specialization}/edit`,
  ),
  practicePython: route('practice-python', '/dashboard/practice/python', 'Pratique Python'),
  practiceR: route('practice-r', '/dashboard/practice/r', 'Pratique R'),
  practiceMath: route('practice-math', '/dashboard/practice/math', 'Pratique des expressions'),
  practiceSimilarity: param('practice-similarity', '/dashboard/practice/exercises/:question/similarity', 'Programmes similaires (entraînement)', (question: Id) => `/dashboard/practice/exercises/${question}/similarity`),
  examResults: route('exam-results', '/dashboard/exam-results', 'Moyennes'),
  examResultsShow: param('exam-results-show', '/dashboard/exam-results/:exam/show', 'Résultats de l’examen', (exam: Id) => `/dashboard/exam-results/${exam}/show`),
  examLive: param('exam-results-live', '/dashboard/exam-results/:exam/live', 'Surveillance en direct', (exam: Id) => `/dashboard/exam-results/${exam}/live`),
  examGrading: param('exam-results-grading', '/dashboard/exam-results/:exam/grading', 'Correction', (exam: Id) => `/dashboard/exam-results/${exam}/grading`),
  examSimilarity: param('exam-results-similarity', '/dashboard/exam-results/:exam/similarity', 'Programmes similaires', (exam: Id) => `/dashboard/exam-results/${exam}/similarity`),
  exams: route('exams', '/dashboard/exams', 'Examens'),
  examsCreate: route('exams-create', '/dashboard/exams/create', 'Nouvel examen'),
  examsEdit: param('exams-edit', '/dashboard/exams/:exam/edit', 'Modifier un examen', (exam: Id) => `/dashboard/exams/${exam}/edit`),
  courses: route('courses', '/dashboard/courses', 'Cours'),
  coursesCreate: route('courses-create', '/dashboard/courses/create', 'Nouveau cours'),
  coursesEdit: param('courses-edit', '/dashboard/courses/:course/edit', 'Modifier un cours', (course: Id) => `/dashboard/courses/${course}/edit`),
  questions: route('questions', '/dashboard/questions', 'Questions'),
  questionsCreate: route('questions-create', '/dashboard/questions/create', 'Nouvelle question'),
  questionsEdit: param('questions-edit', '/dashboard/questions/:question/edit', 'Modifier une question', (question: Id) => `/dashboard/questions/${question}/edit`),
  users: route('users', '/dashboard/users', 'Utilisateurs'),
  usersCreate: route('users-create', '/dashboard/users/create', 'Nouvel utilisateur'),
  usersEdit: param('users-edit', '/dashboard/users/:user/edit', 'Modifier un utilisateur', (user: Id) => `/dashboard/users/${user}/edit`),
  listStudents: route('list-students', '/dashboard/users/students', 'Étudiants'),
  studentsCreate: route('students-create', '/dashboard/users/students/create', 'Nouvel étudiant'),
  studentsEdit: param('students-edit', '/dashboard/users/students/:user/edit', 'Modifier un étudiant', (user: Id) => `/dashboard/users/students/${user}/edit`),
  ltiPlatforms: route('lti-platforms', '/dashboard/lti', 'Plateformes de cours (LTI)'),

  // Student group
  studentProfile: route('student-profile', '/profile/student', 'Mon profil'),
  studentMyData: route('student-my-data', '/profile/student/donnees', 'Mes données'),
  studentHome: route('student-home', '/student', 'Accueil étudiant'),
  studentPracticePython: route('student-practice-python', '/student/practice/python', 'Pratique Python'),
  studentPracticeR: route('student-practice-r', '/student/practice/r', 'Pratique R'),
  studentPracticeMath: route('student-practice-math', '/student/practice/math', 'Pratique des expressions'),
  studentPracticeExercise: param(
    'student-practice-exercise',
    '/student/practice/:course/exercise',
    'Exercices du cours',
    (course: Id) => `/student/practice/${course}/exercise`,
  ),
  studentCourses: route('student-courses', '/student/courses', 'Mes cours'),
  studentCoursesShow: param('student-courses-show', '/student/courses/:course/show', 'Cours', (course: Id) => `/student/courses/${course}/show`),
  studentExams: route('student-exams', '/student/exams', 'Mes examens'),
  studentExamsShow: param('student-exams-show', '/student/exams/:exam/show', 'Résultat de l’examen', (exam: Id) => `/student/exams/${exam}/show`),
  studentExamsHandle: param('student-exams-handle', '/student/exams/:exam/handle', 'Passer l’examen', (exam: Id) => `/student/exams/${exam}/handle`),
} as const;

export type RouteKey = keyof typeof paths;
export type RouteName = (typeof paths)[RouteKey]['name'];

/** Path of a route by its specification name (e.g. `hrefByName('student-courses')`). */
export function hrefByName(name: RouteName): string {
  const found = Object.values(paths).find((r) => r.name === name);
  return found ? found.path : '/';
}

/** Where each role lands after login or start-up (specification, "Start-up behaviour"). */
export const landingFor = (role: string | undefined) =>
  (role ?? '').toUpperCase() === 'STUDENT' ? paths.studentCourses.path : paths.home.path;

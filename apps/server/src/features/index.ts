// Every feature's routes, registered in this order by app.ts.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { helperRoutes } from './helper/routes';
import { presenceRoutes } from './presence/routes';
import { courseRoutes, coursesUsingFile } from './courses';
import { chapterRoutes } from './chapters';
import { fileRoutes } from './files';
import { academicYearRoutes } from './academic-years/routes';
import { mentionRoutes } from './mentions/routes';
import { specializationRoutes } from './specializations/routes';
import { userRoutes } from './users/routes';
import { runnerRoutes } from './runner/routes';
import { questionRoutes } from './questions';
import { possibleSolutionRoutes } from './possible-solutions/routes';
import { examRoutes } from './exams';
import { examTakingRoutes } from './exam-taking/routes';
import { examResultsRoutes } from './exam-results/routes';
import { practiceRoutes } from './practice/routes';

// Students download a file through the courses that use it: courses answer which, files cannot import them.
const fileRoutesWithCourses = (app: FastifyInstance) => fileRoutes(app, { coursesUsingFile });

export const features: Array<(app: FastifyInstance) => Promise<void>> = [helperRoutes, authRoutes, presenceRoutes, courseRoutes, chapterRoutes, fileRoutesWithCourses, academicYearRoutes, mentionRoutes, specializationRoutes, userRoutes, runnerRoutes, questionRoutes, possibleSolutionRoutes, examRoutes, examTakingRoutes, examResultsRoutes, practiceRoutes];

// Every feature's routes, registered in this order by app.ts; each feature is imported through its index.ts.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { helperRoutes } from './helper';
import { presenceRoutes } from './presence';
import { courseRoutes, coursesUsingFile } from './courses';
import { chapterRoutes } from './chapters';
import { fileRoutes } from './files';
import { academicYearRoutes } from './academic-years';
import { mentionRoutes } from './mentions';
import { specializationRoutes } from './specializations';
import { userRoutes } from './users';
import { runnerRoutes } from './runner';
import { questionRoutes } from './questions';
import { questionExchangeRoutes } from './question-exchange';
import { possibleSolutionRoutes } from './possible-solutions';
import { examAccessRoutes, examRoutes } from './exams';
import { examTakingRoutes } from './exam-taking';
import { examJournalRoutes } from './exam-journal';
import { examResultsRoutes } from './exam-results';
import { practiceRoutes } from './practice';
import { retentionRoutes } from './retention';
import { personalDataRoutes } from './personal-data';
import { ltiRoutes } from './lti';
import { accessLogRoutes, accessesOfStudent } from './access-log';
import { similarityRoutes } from './similarity';
import { humanGradingRoutes, journalForMarker, marksBlind } from './human-grading';
import { answerFileRoutes } from './answer-files';

// Students download a file through the courses that use it: courses answer which, files cannot import them.
const fileRoutesWithCourses = (app: FastifyInstance) => fileRoutes(app, { coursesUsingFile });
// A student's data archive lists who read their copies: the access log answers.
const personalDataWithAccesses = (app: FastifyInstance) => personalDataRoutes(app, { copyAccesses: (ctx, id) => accessesOfStudent(ctx.db, id) });
// A marker in double marking reads a copy's journal without the other marker's marks, and gets no appeal file of a copy
// they still mark blind: the marking answers, the journal and the results cannot import it (it imports them).
const examJournalForMarkers = (app: FastifyInstance) => examJournalRoutes(app, { readableBy: journalForMarker });
const examResultsForMarkers = (app: FastifyInstance) => examResultsRoutes(app, { marksBlind });

export const features: Array<(app: FastifyInstance) => Promise<void>> = [helperRoutes, authRoutes, presenceRoutes, courseRoutes, chapterRoutes, fileRoutesWithCourses, academicYearRoutes, mentionRoutes, specializationRoutes, userRoutes, runnerRoutes, questionExchangeRoutes, questionRoutes, possibleSolutionRoutes, examRoutes, examAccessRoutes, examTakingRoutes, examJournalForMarkers, examResultsForMarkers, similarityRoutes, humanGradingRoutes, answerFileRoutes, practiceRoutes, accessLogRoutes, ltiRoutes, retentionRoutes, personalDataWithAccesses];

// Public entry of exam results: their routes, and the appeal file (the archive of a student's data and the archives'
// sample carry it).
export { examResultsRoutes } from './routes';
export { buildAppealFile, type AppealFile } from './appeal';
// The journal's events as the appeal file writes them (a grader's mark among them).
export { journalSentence } from './appeal-pdf';

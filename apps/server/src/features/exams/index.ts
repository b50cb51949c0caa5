// Public entry of the exams feature: what other features (exam taking, results) may use.
export { examRoutes } from './routes';
export { listExamsForStudent, findExamForStudent, type StudentExamScope } from './student-repository';
export { lockExam, countAttempts, examQuestions, type Db as ExamDb } from './repository';
export { startedPhrase } from './service';

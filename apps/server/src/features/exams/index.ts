// Public entry of the exams feature: what other features (exam taking, results) may use.
// Starting an attempt must happen in a transaction holding `holdExamForStart(trx, examId)`: edits lock the same row
// (`lockExam`) before counting attempts, so a start and a change of questions never cross.
export { examRoutes } from './routes';
export { listExamsForStudent, findExamForStudent, findExamCallForStudent, type StudentExamCore } from './student-repository';
export { lockExam, holdExamForStart, setQuestionVersions, examCandidates, examQuestions, examSections, storedTryRules, findExamListItem, listExams, statementExcerpt } from './repository';
export { examOrder, createExamIn, publishExamIn } from './service';
export { examAccessRoutes } from './access-routes';
export { findAccessRules, findAccessRulesOf, type StoredAccessRules } from './access-rules-repository';
export { sebConfigKey, sebConfigFile, sebFile, sebFileName, rncryptorEncrypt, SEB_MEDIA_TYPE } from './access-rules';
export { perStudentPoints } from './totals';

// Public entry of the question bank: what other features (exams, exam taking, practice, question exchange) may use.
export { questionRoutes } from './routes';
export { toGradable, toStudentQuestion } from './shapes';
export { findQuestion, findQuestionsByIds, plainText } from './repository';
export { checkQuestionReference, createQuestionIn, replaceQuestionSolutions, QUESTION_MISSING, type Caller as QuestionCaller } from './service';
export { questionsAt, variantSeedsOf, variantValuesOf, publicationPins, currentVersions, versionsByIds, type QuestionPin } from './versions';
export { firstVariantOf, prepareVariants, variantsForExport } from './variants';
/** A question as the bank gives it to other features (findQuestionsByIds, questionsAt). */
export type { Question as QuestionRow } from '@exam/shared';

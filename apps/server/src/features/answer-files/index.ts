// Public entry of answer files (FILE questions): their read routes, the upload and removal exam taking calls, what the
// grading queue shows and annotates, and the student's data archive.
export { answerFileRoutes } from './routes';
export { removeOwnAnswerFile, saveAnswerUpload, uploadedFiles, uploadLimitBytes } from './service';
export { annotationsOf, answerFilesOfUser, deleteAnnotation, filesOfAttempts, insertAnnotation, syncAnnotationDetails, toAnswerFile, type AnswerFileRow, type SlottedFileAnnotation } from './repository';

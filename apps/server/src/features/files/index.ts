// Public entry of files: their routes (given the courses' answer to who may download), the attachments of
// chapters, files an import brings or an export embeds, and the clean-up of files nothing uses any more (chapters, courses, questions).
export { fileRoutes } from './routes';
export { checkContent, contentDisposition, readContent, removeStoredContent, storeContent, type CoursesUsingFile } from './service';
export { cleanFileName, detectType } from './detect';
export { deleteStaleUploads, deleteUnusedFiles, filesOfChapters } from './repository';

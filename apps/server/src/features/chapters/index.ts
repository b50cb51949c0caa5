// Public entry of the chapters feature: its routes, the rich-text sanitiser (question statements use it too), and
// what courses need of their chapters (the student's view, the files a deletion frees).
export { chapterRoutes } from './routes';
export { sanitizeChapterHtml as sanitizeRichText } from './sanitize';
export { chaptersOfCourse, chapterIdsOfCourse, fileIdsOfChapters } from './repository';

// Public entry of the chapters feature: what other features may use.
export { sanitizeChapterHtml as sanitizeRichText, inlineFileIds } from './sanitize';

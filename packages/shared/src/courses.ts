// Courses, chapters and files (docs/api.md: staff resources, student routes, files).
// Chapter content is HTML from the rich text editor; the server sanitises it. Maths is stored as
// <span data-type="math-inline" data-latex="…"> or <div data-type="math-block" data-latex="…">,
// code blocks as <pre><code class="language-python|language-r">.
import { z } from 'zod';
import { idField, intField, multilineText, optionalIdFilter, requiredText, richText } from './zod-fr';
import { envelopeSchema, flag01, flagSchema, listQuerySchema, paginatedSchema } from './common';

const positiveId = idField;

/** Largest chapter content accepted, in characters (images are files, never inlined). */
export const CHAPTER_CONTENT_MAX = 500_000;

export const courseInputSchema = z.object({
  title: requiredText('Le titre', 200),
  description: multilineText('La description', 5000).default(''),
  academic_year_id: positiveId("L’année universitaire"),
  specialization_ids: z
    .array(positiveId('Le parcours'), { error: 'Choisissez au moins un parcours.' })
    .min(1, { error: 'Choisissez au moins un parcours.' })
    .max(50, { error: 'Un cours ne peut pas viser plus de 50 parcours.' }),
  is_premium: flag01.default(0),
  is_published: flag01.default(0),
});
export type CourseInput = z.input<typeof courseInputSchema>;
export type CourseData = z.infer<typeof courseInputSchema>;

const optionalFlag = z.enum(['0', '1'], { error: 'Le filtre doit valoir 0 ou 1.' }).transform(Number).optional();

export const COURSE_SORTS = ['title', 'created_at', 'updated_at'] as const;

export const courseListQuerySchema = listQuerySchema.extend({
  academic_year_id: optionalIdFilter("L’année universitaire"),
  specialization_id: optionalIdFilter('Le parcours'),
  is_published: optionalFlag,
  is_premium: optionalFlag,
});
export type CourseListQuery = z.input<typeof courseListQuerySchema>;

export const chapterInputSchema = z.object({
  course_id: positiveId('Le cours'),
  title: requiredText('Le titre', 200),
  content: richText('Le contenu', CHAPTER_CONTENT_MAX).default(''),
  /** 1-based place in the course; absent means "at the end" (store) or "unchanged" (update). */
  position: intField('La position', 1, 10_000).optional(),
  file_ids: z.array(positiveId('Le fichier'), { error: 'La liste des fichiers est invalide.' }).max(50, { error: 'Un chapitre ne peut pas avoir plus de 50 fichiers.' }).default([]),
});
export type ChapterInput = z.input<typeof chapterInputSchema>;
export type ChapterData = z.infer<typeof chapterInputSchema>;

export const chapterListQuerySchema = listQuerySchema.extend({ course_id: optionalIdFilter('Le cours') });

export const chapterReorderSchema = z.object({
  ids: z
    .array(positiveId('Le chapitre'), { error: 'La liste des chapitres est obligatoire.' })
    .min(1, { error: 'La liste des chapitres est obligatoire.' })
    .max(500, { error: 'Un cours ne peut pas avoir plus de 500 chapitres.' }),
});
export type ChapterReorderInput = z.infer<typeof chapterReorderSchema>;

// ---- Answers ---------------------------------------------------------------------------------

export const fileInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  /** Authenticated download (Content-Disposition keeps the original name). */
  url: z.string(),
  /** For images: a URL an <img> can load without a token (capability URL built from the content hash). */
  inline_url: z.string().nullable(),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

export const courseSpecializationSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type CourseSpecialization = z.infer<typeof courseSpecializationSchema>;

/** A course as staff see it. */
export const courseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  academic_year_id: z.number().int(),
  academic_year_label: z.string(),
  specializations: z.array(courseSpecializationSchema),
  specialization_ids: z.array(z.number().int()),
  is_premium: flagSchema,
  is_published: flagSchema,
  author_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  chapters_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

export const chapterSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  content: z.string(),
  position: z.number().int(),
  files: z.array(fileInfoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** A row of the chapters list. */
export const chapterSummarySchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  position: z.number().int(),
  files_count: z.number().int(),
  updated_at: z.string(),
});
export type ChapterSummary = z.infer<typeof chapterSummarySchema>;

/** A course as a student sees it: no author, no publication flag. */
export const studentCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  is_premium: flagSchema,
  academic_year_label: z.string(),
  specializations: z.array(courseSpecializationSchema),
  chapters_count: z.number().int(),
  updated_at: z.string(),
});
export type StudentCourse = z.infer<typeof studentCourseSchema>;

export const studentCourseDetailSchema = studentCourseSchema.extend({ chapters: z.array(chapterSchema) });
export type StudentCourseDetail = z.infer<typeof studentCourseDetailSchema>;

export const coursePageSchema = paginatedSchema(courseSchema);
export const courseEnvelopeSchema = envelopeSchema(courseSchema);
export const courseDeletedEnvelopeSchema = envelopeSchema(z.object({ chapters_deleted: z.number().int() }));
export const chapterPageSchema = paginatedSchema(chapterSummarySchema);
export const chapterEnvelopeSchema = envelopeSchema(chapterSchema);
export const chaptersEnvelopeSchema = envelopeSchema(z.array(chapterSchema));
export const fileInfoEnvelopeSchema = envelopeSchema(fileInfoSchema);
export const studentCoursesEnvelopeSchema = envelopeSchema(z.array(studentCourseSchema));
export const studentCourseEnvelopeSchema = envelopeSchema(studentCourseDetailSchema);

/** Accepted upload types, as shown to users; the server checks the content, not only the name. */
export const ACCEPTED_FILE_EXTENSIONS = [
  'pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp',
  'txt', 'csv', 'tsv', 'json', 'md', 'py', 'r', 'rmd', 'tex', 'dat', 'sql', 'xml',
  'xlsx', 'xls', 'ods', 'docx', 'odt', 'pptx', 'odp', 'zip', 'gz', 'rds', 'rdata',
] as const;

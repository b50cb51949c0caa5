// Courses, chapters and files (API.md "Staff resources", "Student", "Files").
// Chapter content is HTML from the rich text editor; the server sanitises it. Maths is stored as
// <span data-type="math-inline" data-latex="…"> or <div data-type="math-block" data-latex="…">,
// code blocks as <pre><code class="language-python|language-r">.
import { z } from 'zod';
import { idField, intField, multilineText, optionalIdFilter, requiredText, richText } from './zod-fr';
import { flag01, listQuerySchema } from './common';

const positiveId = idField;

/** Largest chapter content accepted, in characters (images are files, never inlined). */
export const CHAPTER_CONTENT_MAX = 500_000;

export const courseInputSchema = z.object({
  title: requiredText('Le titre', 200),
  description: multilineText('La description', 5000).default(''),
  academic_year_id: positiveId("L'année universitaire"),
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
  academic_year_id: optionalIdFilter("L'année universitaire"),
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

export interface FileInfo {
  id: number;
  name: string;
  size: number;
  mime: string;
  /** Authenticated download (Content-Disposition keeps the original name). */
  url: string;
  /** For images: a URL an <img> can load without a token (capability URL built from the content hash). */
  inline_url: string | null;
}

export interface CourseSpecialization {
  id: number;
  name: string;
  code: string;
}

export interface Course {
  id: number;
  title: string;
  description: string;
  academic_year_id: number;
  academic_year_label: string;
  specializations: CourseSpecialization[];
  specialization_ids: number[];
  is_premium: 0 | 1;
  is_published: 0 | 1;
  author_id: number | null;
  author_name: string | null;
  chapters_count: number;
  created_at: string;
  updated_at: string;
}

export interface Chapter {
  id: number;
  course_id: number;
  title: string;
  content: string;
  position: number;
  files: FileInfo[];
  created_at: string;
  updated_at: string;
}

export interface ChapterSummary {
  id: number;
  course_id: number;
  course_title: string;
  title: string;
  position: number;
  files_count: number;
  updated_at: string;
}

export interface StudentCourse {
  id: number;
  title: string;
  description: string;
  is_premium: 0 | 1;
  academic_year_label: string;
  specializations: CourseSpecialization[];
  chapters_count: number;
  updated_at: string;
}

export interface StudentCourseDetail extends StudentCourse {
  chapters: Chapter[];
}

/** Accepted upload types, as shown to users; the server checks the content, not only the name. */
export const ACCEPTED_FILE_EXTENSIONS = [
  'pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp',
  'txt', 'csv', 'tsv', 'json', 'md', 'py', 'r', 'rmd', 'tex', 'dat', 'sql', 'xml',
  'xlsx', 'xls', 'ods', 'docx', 'odt', 'pptx', 'odp', 'zip', 'gz', 'rds', 'rdata',
] as const;

// FILE (réponse par fichier): the student hands in one or more files (a PDF, a photo of a page), uploaded during the
// attempt; no machine verdict: the answer waits for a person to grade it, in the grading queue of the question, like
// an essay. The teacher sets the accepted types, how many files and how large each may be (under a ceiling the server
// holds), and may give grader information (never in the student shape). The answer is the list of the files' ids;
// a file is served to its owner and to staff, never to another student. A grader may annotate a file (a point or a
// box on an image or a PDF page, with a comment): the student reads the annotations with their mark.
import { z } from 'zod';
import { envelopeSchema } from '../common';
import { rubricLevelChosenSchema, rubricSchema, rubricShape } from '../rubric';
import { idField, intField } from '../zod-fr';
import type { KindIssue, SharedQuestionKind } from './types';

/** Most files a teacher may allow per answer. */
export const FILE_ANSWER_MAX_FILES = 10;
/** The server's ceiling on one file, in megabytes: a teacher's limit is at most this. */
export const FILE_ANSWER_SIZE_CEILING_MB = 20;
/** Longest grader information, in characters. */
export const FILE_ANSWER_NOTE_MAX = 20_000;
/** Longest comment of an annotation. */
export const FILE_ANNOTATION_COMMENT_MAX = 2000;

/** The types a teacher may accept, and what each is (its MIME types). */
export const FILE_ANSWER_TYPES = ['PDF', 'JPEG', 'PNG', 'WEBP'] as const;
export type FileAnswerType = (typeof FILE_ANSWER_TYPES)[number];
export const FILE_ANSWER_TYPE_LABELS: Record<FileAnswerType, string> = { PDF: 'PDF', JPEG: 'Image JPEG', PNG: 'Image PNG', WEBP: 'Image WebP' };
export const FILE_ANSWER_TYPE_MIMES: Record<FileAnswerType, string> = { PDF: 'application/pdf', JPEG: 'image/jpeg', PNG: 'image/png', WEBP: 'image/webp' };

const intBetween = (label: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${label} doit être un nombre.` })
    .int({ error: `${label} doit être un nombre entier.` })
    .min(min, { error: `${label} doit être compris entre ${min} et ${max}.` })
    .max(max, { error: `${label} doit être compris entre ${min} et ${max}.` })
    .nullish()
    .transform((v) => v ?? fallback);

/** What the teacher sets on a file question (stored with the question and in its versions). */
export const fileAnswerSettingsSchema = z.object(
  {
    accepted: z
      .array(z.enum(FILE_ANSWER_TYPES, { error: 'Type de fichier inconnu (PDF, JPEG, PNG ou WEBP).' }), { error: 'Les types acceptés doivent être une liste.' })
      .min(1, { error: 'Acceptez au moins un type de fichier.' })
      .nullish()
      .transform((v) => (v == null ? [...FILE_ANSWER_TYPES] : FILE_ANSWER_TYPES.filter((t) => v.includes(t)))),
    max_files: intBetween('Le nombre de fichiers', 1, FILE_ANSWER_MAX_FILES, 3),
    max_size_mb: intBetween('La taille maximale d’un fichier (Mo)', 1, FILE_ANSWER_SIZE_CEILING_MB, 10),
    /** For the graders only: never sent to a student. */
    grader_info: z
      .string({ error: 'L’information pour les correcteurs doit être un texte.' })
      .max(FILE_ANSWER_NOTE_MAX, { error: `L’information pour les correcteurs ne doit pas dépasser ${FILE_ANSWER_NOTE_MAX} caractères.` })
      .nullish()
      .transform((v) => (v == null || v.trim() === '' ? null : v)),
    /** For the graders only until a copy's mark is shown (then its chosen levels): the same rubric as an essay's. */
    rubric: rubricSchema.nullish().transform((v) => v ?? null),
  },
  { error: 'Les réglages de la réponse par fichier sont invalides.' },
);
export type FileAnswerSettings = z.infer<typeof fileAnswerSettingsSchema>;
export const DEFAULT_FILE_ANSWER_SETTINGS: FileAnswerSettings = { accepted: [...FILE_ANSWER_TYPES], max_files: 3, max_size_mb: 10, grader_info: null, rubric: null };

/** The settings as the server sends them (staff shape). */
export const fileAnswerSettingsShape = z.object({
  accepted: z.array(z.enum(FILE_ANSWER_TYPES)),
  max_files: z.number().int(),
  max_size_mb: z.number().int(),
  grader_info: z.string().nullable(),
  rubric: rubricShape.nullable(),
});

/** What a student sees of the settings: never the grader information. */
export const fileAnswerStudentSchema = z.object({ accepted: z.array(z.enum(FILE_ANSWER_TYPES)), max_files: z.number().int(), max_size_mb: z.number().int() });
export type FileAnswerStudent = z.infer<typeof fileAnswerStudentSchema>;

/** The answer: the ids of the files handed in (uploaded during the attempt), in order. */
export const fileAnswerSchema = z.object(
  {
    files: z
      .array(z.number({ error: 'Un fichier est désigné par son numéro.' }).int().positive(), { error: 'Les fichiers doivent être une liste.' })
      .max(FILE_ANSWER_MAX_FILES, { error: `Au plus ${FILE_ANSWER_MAX_FILES} fichiers.` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'Un même fichier est donné deux fois.' }),
  },
  { error: 'La réponse par fichier doit être une liste de fichiers ({ files }).' },
);
export type FileAnswer = z.infer<typeof fileAnswerSchema>;

/** One file handed in, as its owner and the graders see it. */
export const answerFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** A PDF's pages (each rendered as an image for the graders); 1 for an image. */
  pages: z.number().int(),
  created_at: z.string(),
});
export type AnswerFile = z.infer<typeof answerFileSchema>;

export const FILE_ANNOTATION_SHAPES = ['POINT', 'BOX'] as const;

const percent = (label: string) =>
  z.coerce
    .number({ error: `${label} doit être un nombre.` })
    .min(0, { error: `${label} doit être compris entre 0 et 100 %.` })
    .max(100, { error: `${label} doit être compris entre 0 et 100 %.` });

/** A grader's annotation: a point (x, y) or a box (x, y, width, height) on a page of a file, in percent of the page
 *  (from its top left corner), with a comment. */
export const fileAnnotationInputSchema = z
  .object({
    file_id: z.coerce.number({ error: 'Le fichier doit être un nombre.' }).int().positive({ error: 'Choisissez un fichier.' }),
    page: z.coerce.number({ error: 'La page doit être un nombre.' }).int({ error: 'La page doit être un nombre entier.' }).min(1, { error: 'La page commence à 1.' }).default(1),
    shape: z.enum(FILE_ANNOTATION_SHAPES, { error: 'La forme est un point (POINT) ou un cadre (BOX).' }).default('POINT'),
    x: percent('La position horizontale'),
    y: percent('La position verticale'),
    width: percent('La largeur').nullish().transform((v) => v ?? null),
    height: percent('La hauteur').nullish().transform((v) => v ?? null),
    comment: z
      .string({ error: 'Le commentaire doit être un texte.' })
      .trim()
      .min(1, { error: 'Écrivez le commentaire de l’annotation.' })
      .max(FILE_ANNOTATION_COMMENT_MAX, { error: `Le commentaire ne doit pas dépasser ${FILE_ANNOTATION_COMMENT_MAX} caractères.` }),
  })
  .superRefine((a, ctx) => {
    if (a.shape !== 'BOX') return;
    if (!a.width || !a.height) ctx.addIssue({ code: 'custom', path: ['width'], message: 'Un cadre a une largeur et une hauteur (en %).' });
    else if (a.x + a.width > 100.0001 || a.y + a.height > 100.0001) ctx.addIssue({ code: 'custom', path: ['width'], message: 'Le cadre dépasse de la page.' });
  });
export type FileAnnotationInput = z.input<typeof fileAnnotationInputSchema>;

/** An annotation as read back (graders and, with the mark, the student). */
export const fileAnnotationSchema = z.object({
  id: z.number().int(),
  file_id: z.number().int(),
  file_name: z.string(),
  page: z.number().int(),
  shape: z.enum(FILE_ANNOTATION_SHAPES),
  x: z.number(),
  y: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  comment: z.string(),
  /** Under double marking, in the final mark: who made it (« Correcteur 1 », « Correcteur 2 »…); absent: the grader. */
  by: z.string().optional(),
});
export type FileAnnotation = z.infer<typeof fileAnnotationSchema>;

/** Routes' shapes (docs/api.md « Réponses par fichier »). */
export const answerFileParamsSchema = z.object({ id: idField('Le fichier') });
export const answerFilePageParamsSchema = z.object({ id: idField('Le fichier'), page: intField('La page', 1, 100_000) });
/** The student's upload: the exam (`id`, as every exam-taking route) and the question. */
export const answerFileUploadParamsSchema = z.object({ id: idField('L’examen'), questionId: idField('La question') });
export const answerFileDeleteParamsSchema = z.object({ id: idField('L’examen'), fileId: idField('Le fichier') });
export const answerFileEnvelopeSchema = envelopeSchema(answerFileSchema);
export const fileAnnotationsEnvelopeSchema = envelopeSchema(z.array(fileAnnotationSchema));

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toString().replace('.', ',')} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`);

export const FILE_ANSWER_TEXTS = {
  pending: 'En attente de correction',
  sizeText,
  tooLarge: (mb: number) => `Le fichier dépasse la taille maximale autorisée pour cette question (${mb} Mo).`,
  tooMany: (n: number) => `Cette question accepte au plus ${n} fichier${n > 1 ? 's' : ''} : retirez-en un avant d’en ajouter un autre.`,
  tooManyInAnswer: (n: number) => `Cette question accepte au plus ${n} fichier${n > 1 ? 's' : ''}.`,
  wrongType: (accepted: readonly FileAnswerType[]) => `Ce type de fichier n’est pas accepté pour cette question. Types acceptés : ${accepted.map((t) => FILE_ANSWER_TYPE_LABELS[t]).join(', ')}.`,
  empty: 'Le fichier est vide.',
  missing: 'Le fichier est obligatoire (champ « file »).',
  noFile: 'Ajoutez au moins un fichier avant d’envoyer votre réponse.',
  notFile: 'Cette question ne demande pas de fichier.',
  notFound: 'Fichier introuvable.',
  uploaded: 'Fichier ajouté.',
  removed: 'Fichier retiré.',
  loaded: 'Fichier chargé.',
  annotationSaved: 'Annotation ajoutée.',
  annotationRemoved: 'Annotation supprimée.',
  annotationNotFound: 'Cette annotation n’existe pas pour cette copie.',
  fileNotInCopy: 'Ce fichier n’appartient pas à cette copie.',
  pageOutOfRange: (pages: number) => `Ce fichier a ${pages} page${pages > 1 ? 's' : ''}.`,
  renderFailed: 'Cette page du PDF n’a pas pu être affichée : téléchargez le fichier pour le lire.',
} as const;

const fileDetailsSchema = z.object({
  type: z.literal('FILE'),
  /** True until a grader marks it: no verdict yet, and the points do not count as 0. */
  pending: z.boolean(),
  /** How many files were handed in. */
  files: z.number().int(),
  /** The grader's comment to the student, once marked. */
  comment: z.string().nullable(),
  /** The graders' annotations on the files (shown with the mark; `annotations` is the text annotations' key). */
  file_annotations: z.array(fileAnnotationSchema).optional(),
  /** The rubric's levels chosen for this copy, once marked with a rubric (never the rubric itself). */
  levels: z.array(rubricLevelChosenSchema).optional(),
});

export const fileKind = {
  kind: 'FILE',
  rules: (q) => {
    const issues: KindIssue[] = [];
    if (q.possible_solutions.length > 0) issues.push({ path: ['possible_solutions'], message: 'Une réponse par fichier n’a pas de solution possible : elle est corrigée par une personne.' });
    if (q.is_practice) issues.push({ path: ['is_practice'], message: 'Une réponse par fichier est corrigée par une personne : elle ne peut pas être un exercice d’entraînement (décochez l’entraînement).' });
    return issues;
  },
  answer: fileAnswerSchema,
  details: fileDetailsSchema,
  answerText: (answer) => {
    const parsed = fileAnswerSchema.safeParse(answer);
    if (!parsed.success) return typeof answer === 'string' ? answer : JSON.stringify(answer);
    const n = parsed.data.files.length;
    return n === 0 ? '(aucun fichier)' : `${n} fichier${n > 1 ? 's' : ''} remis (n° ${parsed.data.files.join(', ')})`;
  },
  detailsText: (d: z.infer<typeof fileDetailsSchema>) => {
    if (d.pending) return `${FILE_ANSWER_TEXTS.pending} (${d.files} fichier${d.files > 1 ? 's' : ''}).`;
    const notes = d.file_annotations?.length ?? 0;
    return `Corrigée par une personne (${d.files} fichier${d.files > 1 ? 's' : ''})${d.comment ? ` ; commentaire : ${d.comment}` : ''}${notes ? ` ; ${notes} annotation${notes > 1 ? 's' : ''}` : ''}.`;
  },
} satisfies SharedQuestionKind<'FILE'>;

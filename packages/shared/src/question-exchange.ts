// Question exchange with Moodle (docs/questions.md « Échange avec Moodle »): the import report (what each question
// of a Moodle XML or GIFT file becomes, before anything is written) and the export query.
import { z } from 'zod';
import { envelopeSchema } from './common';
import { languageSchema, questionKindSchema, studentQuestionSchema } from './questions';
import { idField } from './zod-fr';

export * from './choice-text';

export const EXCHANGE_FORMATS = ['moodle', 'gift'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];
export const EXCHANGE_FORMAT_LABELS: Record<ExchangeFormat, string> = { moodle: 'Moodle XML', gift: 'GIFT' };

/** Largest file an import reads (the server's UPLOAD_LIMIT_BYTES may lower it). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most questions (categories not counted) one file may hold. */
export const IMPORT_MAX_QUESTIONS = 2000;
/** Most programs (CodeRunner questions) one file may hold: each is run on every case at import. */
export const IMPORT_MAX_PROGRAMS = 200;
/** Most questions one export may hold. */
export const EXPORT_MAX_QUESTIONS = 1000;
/** Variants a parameterised question leaves as (a file holds no generator): seeds 1 to this. */
export const EXPORT_VARIANTS = 5;
/** Header of an export's answer: what it did with each question it could not write as it is (URI-encoded JSON). */
export const EXPORT_REPORT_HEADER = 'x-export-report';

/**
 * An export's word on one question: `omitted` (the format has no such type, or its variants fail), `variants` (a
 * parameterised question written as its variants), `changed` (written without something: images in GIFT…).
 */
export const exportReportItemSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(['omitted', 'variants', 'changed']),
  notes: z.array(z.string()),
});
export type ExportReportItem = z.infer<typeof exportReportItemSchema>;
export const exportReportSchema = z.array(exportReportItemSchema);

/**
 * What becomes of a question of the file:
 * - `imported`: the same question here;
 * - `approximated`: imported, with what changed said in `notes`;
 * - `skipped`: no equivalent here (essay, cloze, drag and drop…), the reason in `notes`;
 * - `failed`: would be a question, but is not valid (its reference solution fails a case, a rule is broken): never
 *   imported, the reason in `notes`.
 */
export const IMPORT_OUTCOMES = ['imported', 'approximated', 'skipped', 'failed'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  imported: 'Importée',
  approximated: 'Approchée',
  skipped: 'Ignorée',
  failed: 'En échec',
};

export const importReportItemSchema = z.object({
  /** Position among the file's questions (categories not counted), from 1. */
  index: z.number().int(),
  /** Line of the file where the question starts. */
  line: z.number().int(),
  name: z.string(),
  /** The type as the file names it (multichoice, coderunner python3, essay…). */
  source_type: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** What it becomes here (null when skipped). */
  type: questionKindSchema.nullable(),
  language: languageSchema.nullable(),
  /** French sentences: the approximations, or why it is skipped or failed. */
  notes: z.array(z.string()),
  /** ALGORITHM: test cases the reference solution was run on. */
  checked_cases: z.number().int(),
  /** An importable question as a student would see it (its images inlined while they fit), else null. */
  preview: studentQuestionSchema.nullable(),
});
export type ImportReportItem = z.infer<typeof importReportItemSchema>;

export const importReportSchema = z.object({
  format: z.enum(EXCHANGE_FORMATS),
  file_name: z.string(),
  /** Questions read (categories not counted). */
  total: z.number().int(),
  counts: z.object({ imported: z.number().int(), approximated: z.number().int(), skipped: z.number().int(), failed: z.number().int() }),
  /** Questions an import writes (imported + approximated). */
  importable: z.number().int(),
  items: z.array(importReportItemSchema),
  /** The ids written by a confirmed import, in the file's order (empty for a report). */
  question_ids: z.array(z.number().int()),
  /** Time spent checking programs in the sandbox, in milliseconds. */
  check_ms: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importReportEnvelopeSchema = envelopeSchema(importReportSchema);

/** POST /api/admin/questions/import?confirm=1 writes; without it (or 0), the report only. */
export const importQuerySchema = z.object({
  confirm: z.enum(['0', '1'], { error: 'confirm doit valoir 0 ou 1.' }).default('0').transform((v) => v === '1'),
});

/** GET /api/admin/questions/export: the selected questions (`ids`, comma separated) or those of an exam. */
export const exportQuerySchema = z
  .object({
    format: z.enum(EXCHANGE_FORMATS, { error: 'Le format doit être moodle ou gift.' }),
    ids: z
      .string({ error: 'La liste des questions est invalide.' })
      .regex(/^\d{1,10}(,\d{1,10})*$/, { error: 'La liste des questions doit être des numéros séparés par des virgules.' })
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .refine((ids) => ids.length <= EXPORT_MAX_QUESTIONS, { error: `Exportez au plus ${EXPORT_MAX_QUESTIONS} questions à la fois.` })
      .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), { error: 'La liste des questions est invalide.' })
      .optional(),
    exam_id: idField('L’examen').optional(),
  })
  .refine((q) => (q.ids ? 1 : 0) + (q.exam_id ? 1 : 0) === 1, { error: 'Choisissez les questions (ids) ou un examen (exam_id), l’un des deux.', path: ['ids'] });
export type ExportQuery = z.input<typeof exportQuerySchema>;

export const EXCHANGE_TEXTS = {
  reportMessage: (n: number, total: number) =>
    `${total} question${total > 1 ? 's' : ''} lue${total > 1 ? 's' : ''} : ${n} peu${n > 1 ? 'vent' : 't'} être importée${n > 1 ? 's' : ''}. Rien n’a encore été enregistré.`,
  importedMessage: (n: number) => (n === 0 ? 'Aucune question importée.' : `${n} question${n > 1 ? 's importées' : ' importée'}.`),
} as const;

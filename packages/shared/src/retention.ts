// Retention of personal data (docs/donnees-personnelles.md): a year's jury date and retention, holds, the preview of
// a purge and the elimination records (« bordereaux d’élimination »).
import { z } from 'zod';
import { envelopeSchema, isoDate } from './common';
import { idField, intField, optionalIdFilter, requiredText } from './zod-fr';

export const HOLD_KINDS = ['APPEAL', 'REPORT', 'DISCIPLINARY'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];
export const HOLD_KIND_LABELS: Record<HoldKind, string> = {
  APPEAL: 'Réclamation en cours',
  REPORT: 'Signalement',
  DISCIPLINARY: 'Procédure disciplinaire',
};

/** What a purge removes, by category (counts in the preview and in the elimination record), in the record's order. */
export const PURGE_CATEGORIES = [
  'attempts',
  'submissions',
  'drafts',
  'late_answers',
  'journal_events',
  'signal_counts',
  'problem_reports',
  'attempt_sessions',
  'extra_time',
  'regrade_log',
  'practice_attempts',
  'enrolments',
  'accounts',
] as const;
export type PurgeCategory = (typeof PURGE_CATEGORIES)[number];
export const PURGE_CATEGORY_LABELS: Record<PurgeCategory, string> = {
  attempts: 'Copies (compositions)',
  submissions: 'Réponses envoyées',
  drafts: 'Brouillons',
  late_answers: 'Réponses tardives et copies de secours (fichiers)',
  journal_events: 'Événements des journaux de composition',
  signal_counts: 'Compteurs de signaux du navigateur',
  problem_reports: 'Signalements de problème traités',
  attempt_sessions: 'Sessions liées aux compositions (adresse IP, navigateur)',
  extra_time: 'Temps supplémentaires accordés',
  regrade_log: 'Historique des recorrections',
  practice_attempts: 'Essais d’entraînement',
  enrolments: 'Inscriptions de l’année',
  accounts: 'Comptes étudiants supprimés',
};
const countsSchema = z.object(Object.fromEntries(PURGE_CATEGORIES.map((c) => [c, z.number().int()])) as Record<PurgeCategory, z.ZodNumber>);
export type PurgeCounts = z.infer<typeof countsSchema>;

export const retentionSettingsSchema = z.object({
  jury_date: isoDate('La date du jury').nullable(),
  retention_months: intField('La durée de conservation', 1, 600).default(12),
});
export type RetentionSettingsInput = z.infer<typeof retentionSettingsSchema>;

export const retentionYearSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  is_current: z.number().int(),
  jury_date: z.string().nullable(),
  retention_months: z.number().int(),
  /** The first day the year may be purged (jury date + retention); null without a jury date. */
  due_on: z.string().nullable(),
  due: z.boolean(),
  last_purge_at: z.string().nullable(),
  archive_sample_at: z.string().nullable(),
  archive_sample_count: z.number().int().nullable(),
  active_holds: z.number().int(),
});
export type RetentionYear = z.infer<typeof retentionYearSchema>;
export const retentionYearListEnvelopeSchema = envelopeSchema(z.array(retentionYearSchema));
export const retentionYearEnvelopeSchema = envelopeSchema(retentionYearSchema);

export const keptItemSchema = z.object({
  user_id: z.number().int(),
  student: z.string(),
  student_number: z.string().nullable(),
  exam_title: z.string().nullable(),
  reason: z.string(),
});
export const retentionPreviewSchema = z.object({
  year: retentionYearSchema,
  counts: countsSchema,
  exams: z.array(z.object({ id: z.number().int(), title: z.string(), attempts: z.number().int(), kept: z.number().int() })),
  /** What stays although the year is due, and why (a hold, a report not handled yet). */
  kept: z.array(keptItemSchema),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;
export const retentionPreviewEnvelopeSchema = envelopeSchema(retentionPreviewSchema);

/** The purge is confirmed by typing the year's label. */
export const purgeInputSchema = z.object({ confirm: requiredText('La confirmation', 20) });
export const archiveSampleInputSchema = z.object({ size: intField('La taille de l’échantillon', 1, 50).default(10) });

/** What an exam keeps once its copies are gone (no student in it). */
export const examStatsSchema = z.object({
  exam_id: z.number().int(),
  title: z.string(),
  attempts: z.number().int(),
  mean_20: z.number().nullable(),
  median_20: z.number().nullable(),
  min_20: z.number().nullable(),
  max_20: z.number().nullable(),
  /** Copies per whole mark on 20 (21 bins, 0..20). */
  histogram: z.array(z.number().int()),
  /** Per question: how many copies validated it out of those given it. */
  questions: z.array(z.object({ question_id: z.number().int(), given: z.number().int(), validated: z.number().int() })),
});
export type ExamStats = z.infer<typeof examStatsSchema>;

export const purgeRecordSchema = z.object({
  id: z.number().int(),
  academic_year_id: z.number().int(),
  year_label: z.string(),
  run_at: z.string(),
  /** Null: the server's periodic purge. */
  run_by_name: z.string().nullable(),
  counts: countsSchema,
  kept: z.number().int(),
  stats: z.array(examStatsSchema),
  url: z.string(),
});
export type PurgeRecord = z.infer<typeof purgeRecordSchema>;
export const purgeRecordEnvelopeSchema = envelopeSchema(purgeRecordSchema);
export const purgeRecordListEnvelopeSchema = envelopeSchema(z.array(purgeRecordSchema));

export const holdInputSchema = z.object({
  user_id: idField('L’étudiant'),
  academic_year_id: optionalIdFilter('L’année').nullable().default(null),
  exam_id: optionalIdFilter('L’examen').nullable().default(null),
  kind: z.enum(HOLD_KINDS, { error: 'Le motif doit être une réclamation, un signalement ou une procédure disciplinaire.' }),
  reason: requiredText('La raison', 1000),
});
export type HoldInput = z.infer<typeof holdInputSchema>;
export const holdReleaseSchema = z.object({ reason: requiredText('La raison de la levée', 1000) });
export const holdListQuerySchema = z.object({ active: z.enum(['0', '1']).default('1') });

export const holdSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  student: z.string(),
  student_number: z.string().nullable(),
  academic_year_id: z.number().int().nullable(),
  year_label: z.string().nullable(),
  exam_id: z.number().int().nullable(),
  exam_title: z.string().nullable(),
  kind: z.enum(HOLD_KINDS),
  reason: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  released_at: z.string().nullable(),
  released_by_name: z.string().nullable(),
  release_reason: z.string().nullable(),
});
export type Hold = z.infer<typeof holdSchema>;
export const holdEnvelopeSchema = envelopeSchema(holdSchema);
export const holdListEnvelopeSchema = envelopeSchema(z.array(holdSchema));

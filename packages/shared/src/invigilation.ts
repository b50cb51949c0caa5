// The exam room seen live (docs/examens.md « Surveillance en direct »): what a student reports while taking an exam,
// and what staff see of the room: who is in, who gave no sign for a minute, who finished, answers and reports.
import { z } from 'zod';
import { envelopeSchema } from './common';
import { ATTEMPT_STATUSES } from './exam-results';
import { idField } from './zod-fr';

/** No sign from the exam page for this long (it asks for its attempt every 10 s): shown as offline. */
export const OFFLINE_AFTER_SECONDS = 60;
export const REPORT_LIMITS = { messageMax: 1000, perAttempt: 20 } as const;

export const INVIGILATION_TEXTS = {
  reportSent: 'Votre signalement a été transmis aux surveillants.',
  tooManyReports: `Vous avez déjà envoyé ${REPORT_LIMITS.perAttempt} signalements pour cet examen : adressez-vous directement à un surveillant.`,
  reportNotFound: 'Ce signalement est introuvable.',
  handled: 'Signalement marqué comme traité.',
  live: 'Surveillance chargée.',
} as const;

/** POST /api/student/exams/{id}/reports. */
export const problemReportInputSchema = z.object({
  /** The question it is about; absent or null: the exam as a whole. */
  question_id: idField('La question').nullish().transform((v) => v ?? null),
  message: z
    .string({ error: 'Décrivez le problème.' })
    .trim()
    .min(3, { error: 'Décrivez le problème en quelques mots.' })
    .max(REPORT_LIMITS.messageMax, { error: `Le signalement ne doit pas dépasser ${REPORT_LIMITS.messageMax} caractères.` }),
});
export type ProblemReportInput = z.input<typeof problemReportInputSchema>;

/** What the student gets back: their report as stored. */
export const problemReportReceiptSchema = z.object({ id: z.number().int(), question_id: z.number().int().nullable(), created_at: z.string() });
export const problemReportReceiptEnvelopeSchema = envelopeSchema(problemReportReceiptSchema);

export const problemReportSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  student_number: z.string().nullable(),
  question_id: z.number().int().nullable(),
  /** Its number in that student's own exam; null: about the exam as a whole. */
  position: z.number().int().nullable(),
  message: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by_name: z.string().nullable(),
});
export type ProblemReport = z.infer<typeof problemReportSchema>;

export const LIVE_PRESENCES = ['ONLINE', 'OFFLINE'] as const;
export type LivePresence = (typeof LIVE_PRESENCES)[number];

export const liveRowSchema = z.object({
  user_id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  student_number: z.string().nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  /** While in progress: a sign from the exam page within the last minute, or none. Null otherwise. */
  presence: z.enum(LIVE_PRESENCES).nullable(),
  last_seen_at: z.string().nullable(),
  started_at: z.string().nullable(),
  deadline: z.string().nullable(),
  answered: z.number().int(),
  validated: z.number().int(),
  /** Questions this student was given (0 before the start). */
  total: z.number().int(),
  /** The attempt's factor (the one it started with), or the student's before the start. */
  extra_time_factor: z.number(),
  extra_minutes: z.number().int(),
  /** An accommodation: the student composes in a separate room (the invigilators place them there). */
  separate_room: z.boolean(),
  open_reports: z.number().int(),
  /** Tied to one browser session (one-session rule): « Débloquer » frees it for another device. */
  bound: z.boolean(),
});
export type LiveRow = z.infer<typeof liveRowSchema>;

/** GET /api/admin/exam-results/{examId}/live. */
export const examLiveSchema = z.object({
  exam: z.object({ id: z.number().int(), title: z.string(), status: z.string(), start_at: z.string(), end_at: z.string(), question_count: z.number().int() }),
  server_time: z.string(),
  counts: z.object({
    expected: z.number().int(),
    not_started: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    finished: z.number().int(),
    open_reports: z.number().int(),
  }),
  /** In progress first (offline before online), then not started, then finished; by name within each. */
  rows: z.array(liveRowSchema),
  /** Newest first; open ones before handled ones. */
  reports: z.array(problemReportSchema),
});
export type ExamLive = z.infer<typeof examLiveSchema>;
export const examLiveEnvelopeSchema = envelopeSchema(examLiveSchema);
export const problemReportEnvelopeSchema = envelopeSchema(problemReportSchema);
export const problemReportParamsSchema = z.object({ examId: idField("L’examen"), reportId: idField('Le signalement') });

// The journal of an attempt (docs/examens.md « Journal d'une composition »): what happened, in order, each event
// carrying the hash of the one before, so that a later change shows. Staff read it (an appeal, « réclamation »);
// the exam page reports the signals only the browser sees (focus, network). Signals are recorded, never sanctioned.
import { z } from 'zod';
import { envelopeSchema } from './common';
import { idField } from './zod-fr';

export const JOURNAL_EVENT_TYPES = [
  'START',
  'DRAFT',
  'ANSWER',
  'LATE_ANSWER',
  'FOCUS_LOST',
  'FOCUS_BACK',
  'OFFLINE',
  'ONLINE',
  'OFFLINE_PERIOD',
  'ACCESS_REFUSED',
  'TIME_GRANTED',
  'UNLOCK',
  'REPORT',
  'FINISH',
  'DEADLINE',
  'DRAFT_GRADED',
  'ANSWER_KEPT',
  'GRADED_LATER',
  'CLOSE',
  'REGRADE',
  'SIMILARITY_CASE',
  'MARK',
  'MARKER_MARK',
  'MARKS_PUBLISHED',
  'ANONYMITY_LIFTED',
] as const;
export type JournalEventType = (typeof JOURNAL_EVENT_TYPES)[number];

/**
 * The exam page asks for its attempt every 10 s: this long without a check (a hidden tab's timers may slow to once a
 * minute) is a period without contact, journaled by the server (OFFLINE_PERIOD: from, until, until_end at the end).
 */
export const JOURNAL_SILENCE_SECONDS = 90;

export const JOURNAL_EVENT_LABELS: Record<JournalEventType, string> = {
  START: 'Début de la composition',
  DRAFT: 'Brouillon enregistré',
  ANSWER: 'Réponse soumise',
  LATE_ANSWER: 'Réponse arrivée après la fin',
  FOCUS_LOST: 'Page de l’examen quittée (autre onglet ou fenêtre)',
  FOCUS_BACK: 'Retour sur la page de l’examen',
  OFFLINE: 'Réseau perdu',
  ONLINE: 'Réseau retrouvé',
  OFFLINE_PERIOD: 'Page de l’examen sans contact avec le serveur',
  ACCESS_REFUSED: 'Accès refusé par une règle',
  TIME_GRANTED: 'Temps accordé',
  UNLOCK: 'Composition débloquée par l’équipe',
  REPORT: 'Problème signalé aux surveillants',
  FINISH: 'Composition terminée par l’étudiant',
  DEADLINE: 'Composition terminée à l’échéance',
  DRAFT_GRADED: 'Brouillon corrigé automatiquement à la fin',
  ANSWER_KEPT: 'Réponse enregistrée, en cours de correction',
  GRADED_LATER: 'Réponse corrigée plus tard',
  CLOSE: 'Examen clôturé par l’équipe',
  REGRADE: 'Recorrection appliquée',
  SIMILARITY_CASE: 'Dossier de programmes similaires',
  MARK: 'Note donnée par un correcteur',
  MARKER_MARK: 'Note d’un correcteur en double correction',
  MARKS_PUBLISHED: 'Notes publiées aux étudiants',
  ANONYMITY_LIFTED: 'Anonymat des copies levé',
};

/** The signals only the browser sees, which the exam page reports. */
export const CLIENT_JOURNAL_EVENTS = ['FOCUS_LOST', 'FOCUS_BACK', 'OFFLINE', 'ONLINE'] as const;
export const JOURNAL_EVENTS_PER_CALL = 50;
/**
 * A page can report signals without end (a script toggling focus): of each type, an attempt's first signals are
 * journaled (repeats within one call as one event with their count) and the rest only counted; calls are limited.
 */
export const JOURNAL_SIGNALS_PER_TYPE = 100;
export const JOURNAL_SIGNAL_CALLS_PER_MINUTE = 30;

export const JOURNAL_TEXTS = {
  signalsAfterEnd: 'Votre composition est terminée : les signaux du navigateur ne sont plus enregistrés.',
  signalsTooFast: `Trop d’envois de signaux : au plus ${JOURNAL_SIGNAL_CALLS_PER_MINUTE} par minute. Réessayez dans une minute.`,
} as const;

export const examClientEventsInputSchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(CLIENT_JOURNAL_EVENTS, { error: 'Type d’événement inconnu.' }),
        /** When it happened, as the browser says (its clock corrected by the server's). */
        at: z.iso.datetime({ offset: true, error: 'L’heure de l’événement doit être une date et une heure valides.' }),
      }),
      { error: 'Les événements doivent être une liste.' },
    )
    .min(1, { error: 'Envoyez au moins un événement.' })
    .max(JOURNAL_EVENTS_PER_CALL, { error: `Au plus ${JOURNAL_EVENTS_PER_CALL} événements par envoi.` }),
});
export type ExamClientEventsInput = z.infer<typeof examClientEventsInputSchema>;
export const examClientEventsEnvelopeSchema = envelopeSchema(z.object({ recorded: z.number().int() }));

export const journalEventSchema = z.object({
  seq: z.number().int(),
  type: z.enum(JOURNAL_EVENT_TYPES),
  /** Server time. */
  at: z.string(),
  /** The student's browser time, for the events it reported (or the time an answer was given). */
  client_at: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  prev_hash: z.string(),
  hash: z.string(),
});
export type JournalEvent = z.infer<typeof journalEventSchema>;

export const examJournalSchema = z.object({
  attempt_id: z.number().int(),
  events: z.array(journalEventSchema),
  /** The hash of the last event: written down (an appeal file), it proves later that nothing was changed before it. */
  last_hash: z.string().nullable(),
  /** Every hash recomputed from the events matches: nothing was changed or removed. */
  intact: z.boolean(),
  /** The first event whose hash does not match, when not intact. */
  broken_at: z.number().int().nullable(),
  /** Every browser signal the attempt reported, counted by type (the journal keeps the first ones only), server times. */
  signals: z.array(z.object({ type: z.enum(CLIENT_JOURNAL_EVENTS), count: z.number().int(), first_at: z.string(), last_at: z.string() })),
});
export type ExamJournal = z.infer<typeof examJournalSchema>;
export const examJournalEnvelopeSchema = envelopeSchema(examJournalSchema);
export const examJournalParamsSchema = z.object({ id: idField("L’examen"), userId: idField("L’étudiant") });

// Double marking, publication of the marks and lifting anonymity (docs/correction-humaine.md). Per exam: the rule
// chosen beforehand (MEAN: the mean of the two marks; SETTLE: the mean when they differ by at most `threshold`
// points, else a third marker or the teacher settles), the markers named for the exam or one question (two who
// mark blind, a third who settles), the disagreements to settle and the agreement report, the publication of the
// marks to the students (« Publier les notes ») and the lifting of anonymity (« Lever l’anonymat »). Staff only:
// /api/admin/exams/{examId}/grading/…
import { z } from 'zod';
import { envelopeSchema } from './common';
import { markInputSchema } from './human-grading';
import { rubricLevelChosenSchema, rubricShape } from './rubric';
import { idField } from './zod-fr';

export const DOUBLE_MARKING_RULES = ['MEAN', 'SETTLE'] as const;
export type DoubleMarkingRule = (typeof DOUBLE_MARKING_RULES)[number];
export const SETTLERS = ['TEACHER', 'THIRD_MARKER'] as const;
export type Settler = (typeof SETTLERS)[number];

/** What the user is for a question: a single grader (no markers named), one of the two blind markers, the third
 *  marker, or a manager (staff not named: they settle, publish and lift anonymity). */
export const MARKING_ROLES = ['SINGLE', 'MARKER', 'THIRD', 'MANAGER'] as const;
export type MarkingRole = (typeof MARKING_ROLES)[number];

const staffSchema = z.object({ id: z.number().int(), name: z.string() });

export const markersScopeSchema = z.object({
  /** Null: every question of the exam graded by a person (a question with its own markers keeps them). */
  question_id: z.number().int().nullable(),
  first: staffSchema,
  second: staffSchema,
  third: staffSchema.nullable(),
});
export type MarkersScope = z.infer<typeof markersScopeSchema>;

/** GET …/grading/marking: the exam's publication, anonymity, double-marking setup and the caller's place in it. */
export const markingStateSchema = z.object({
  rule: z.enum(DOUBLE_MARKING_RULES),
  /** SETTLE: the largest difference (points) still settled by the mean. */
  threshold: z.number().nullable(),
  settle_by: z.enum(SETTLERS),
  scopes: z.array(markersScopeSchema),
  /** Staff who may be named (administrators and teachers). Only for a manager; empty for a marker. */
  staff: z.array(staffSchema),
  /** Double marking has begun (a marker's mark exists): the rule and the markers can no longer change. */
  locked: z.boolean(),
  /** The caller manages this exam's grading (named nowhere in it). */
  manager: z.boolean(),
  /** Per question graded by a person: the caller's role there. */
  roles: z.array(z.object({ question_id: z.number().int(), role: z.enum(MARKING_ROLES) })),
  /** Copies (per question) still without a final mark, disagreements included. */
  pending: z.number().int(),
  /** Disagreements waiting to be settled. */
  disagreements: z.number().int(),
  published: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
  anonymity_lifted: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
  /** Once anonymity is lifted: each copy number with its student's name (empty before). */
  names: z.array(z.object({ copy: z.number().int(), name: z.string() })),
});
export type MarkingState = z.infer<typeof markingStateSchema>;

const staffIdField = (label: string) => idField(label);

/** PUT …/grading/marking: the rule and the markers of one scope (the exam, or one question). */
export const markingSetupInputSchema = z
  .object({
    rule: z.enum(DOUBLE_MARKING_RULES, { error: 'Choisissez la règle de la note finale.' }),
    threshold: z.coerce
      .number({ error: 'L’écart doit être un nombre.' })
      .min(0, { error: 'L’écart ne peut pas être négatif.' })
      .multipleOf(0.01, { error: 'L’écart a au plus deux décimales.' })
      .nullish()
      .transform((v) => v ?? null),
    settle_by: z.enum(SETTLERS, { error: 'Choisissez qui tranche un désaccord.' }),
    question_id: z.coerce.number().int().positive().nullish().transform((v) => v ?? null),
    /** Two staff ids (the blind markers); empty: no double marking for this scope. */
    markers: z.array(staffIdField('Le correcteur')).max(2),
    third: staffIdField('Le troisième correcteur').nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.markers.length === 1) ctx.addIssue({ code: 'custom', path: ['markers'], message: 'Nommez deux correcteurs (ou aucun, pour une correction simple).' });
    if (v.markers.length === 2 && v.markers[0] === v.markers[1]) ctx.addIssue({ code: 'custom', path: ['markers'], message: 'Les deux correcteurs doivent être deux personnes différentes.' });
    if (v.rule === 'SETTLE' && v.threshold === null) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'Indiquez l’écart au-delà duquel un désaccord se tranche.' });
    if (v.rule === 'SETTLE' && v.settle_by === 'THIRD_MARKER' && v.markers.length === 2 && v.third === null)
      ctx.addIssue({ code: 'custom', path: ['third'], message: 'Nommez le troisième correcteur.' });
    if (v.third !== null && v.markers.includes(v.third)) ctx.addIssue({ code: 'custom', path: ['third'], message: 'Le troisième correcteur doit être une autre personne que les deux premiers.' });
  });
export type MarkingSetupInput = z.input<typeof markingSetupInputSchema>;

const markerMarkSchema = z.object({
  points: z.number(),
  comment: z.string().nullable(),
  by: z.string(),
  at: z.string(),
  /** The rubric's levels this marker chose (empty: marked without a rubric). */
  levels: z.array(rubricLevelChosenSchema).optional(),
});

/** GET …/grading/disagreements: copies whose two marks differ by more than the threshold, not yet settled. */
export const disagreementsSchema = z.object({
  threshold: z.number().nullable(),
  items: z.array(
    z.object({
      question_id: z.number().int(),
      position: z.number().int(),
      points: z.number(),
      copy: z.number().int(),
      first: markerMarkSchema,
      second: markerMarkSchema,
      difference: z.number(),
      /** Version of the final mark (0: none): sent back with the settlement. */
      version: z.number().int(),
      /** The question's rubric in effect (null: none): the settlement may choose its levels. */
      rubric: rubricShape.nullable(),
      /** The copy's answer as the markers read it (an essay's text; empty for a file answer): the settling person may
       *  annotate a passage of it too. */
      text: z.string(),
    }),
  ),
});
export type Disagreements = z.infer<typeof disagreementsSchema>;

/** POST …/grading/questions/{questionId}/copies/{copy}/settle: the final mark a manager decides. */
export const settleInputSchema = markInputSchema;

/** One criterion of a question's rubric in the agreement report: over the copies both markers marked with the rubric
 *  (`pairs`), each marker's mean points for it (the criterion's own points, out of `max`) and the mean of the absolute
 *  difference between their two. */
export const agreementCriterionSchema = z.object({
  criterion_id: z.string(),
  criterion: z.string(),
  max: z.number(),
  pairs: z.number().int(),
  /** The first marker's, then the second's (names as in `markers`). */
  means: z.array(z.object({ name: z.string(), mean_points: z.number().nullable() })),
  mean_difference: z.number().nullable(),
});
export type AgreementCriterion = z.infer<typeof agreementCriterionSchema>;

/** GET …/grading/agreement: per question and per marker, how the two markers agreed. */
export const agreementReportSchema = z.object({
  rule: z.enum(DOUBLE_MARKING_RULES),
  threshold: z.number().nullable(),
  questions: z.array(
    z.object({
      question_id: z.number().int(),
      position: z.number().int(),
      points: z.number(),
      /** Copies both markers marked. */
      pairs: z.number().int(),
      /** Mean of |first − second| over the pairs (null: none). */
      mean_difference: z.number().nullable(),
      max_difference: z.number().nullable(),
      /** Pairs within the threshold (all of them under MEAN). */
      agreed: z.number().int(),
      disagreements: z.number().int(),
      settled: z.number().int(),
      /** A question marked with a rubric: per criterion of the rubric in effect (empty without one). */
      criteria: z.array(agreementCriterionSchema),
    }),
  ),
  markers: z.array(
    z.object({
      name: z.string(),
      question_id: z.number().int(),
      position: z.number().int(),
      /** Copies this marker marked. */
      graded: z.number().int(),
      mean_points: z.number().nullable(),
      /** Mean of (this marker − the other) over the pairs: above 0, the more generous one. */
      mean_difference: z.number().nullable(),
    }),
  ),
});
export type AgreementReport = z.infer<typeof agreementReportSchema>;

export const publishResultSchema = z.object({ published_at: z.string(), pending: z.number().int(), copies: z.number().int() });
export const liftResultSchema = z.object({ lifted_at: z.string(), copies: z.number().int() });

export const markingStateEnvelopeSchema = envelopeSchema(markingStateSchema);
export const disagreementsEnvelopeSchema = envelopeSchema(disagreementsSchema);
export const agreementReportEnvelopeSchema = envelopeSchema(agreementReportSchema);
export const publishResultEnvelopeSchema = envelopeSchema(publishResultSchema);
export const liftResultEnvelopeSchema = envelopeSchema(liftResultSchema);

export const DOUBLE_MARKING_TEXTS = {
  stateLoaded: 'Double correction chargée.',
  setupSaved: 'Correcteurs et règle enregistrés.',
  disagreementsLoaded: 'Désaccords chargés.',
  reportLoaded: 'Rapport d’accord chargé.',
  published: (pending: number) => (pending > 0 ? `Notes publiées ; ${pending} copie${pending > 1 ? 's' : ''} encore en attente le ser${pending > 1 ? 'ont' : 'a'} dès sa note finale.` : 'Notes publiées.'),
  alreadyPublished: 'Les notes de cet examen sont déjà publiées.',
  lifted: 'Anonymat levé : les noms sont affichés à côté des numéros de copie.',
  alreadyLifted: 'L’anonymat de cet examen est déjà levé.',
  liftPending: (n: number) => `L’anonymat se lève une fois toutes les copies corrigées : ${n} copie${n > 1 ? 's' : ''} en attente.`,
  settled: (copy: number) => `Désaccord de la copie ${copy} tranché.`,
  notManager: 'Vous êtes correcteur de cet examen en double correction : ceci revient à l’enseignant responsable (une personne qui n’y corrige pas).',
  locked: 'La double correction a commencé : les correcteurs et la règle ne changent plus.',
  notStaff: 'Un correcteur doit être un enseignant ou un administrateur.',
  noQuestion: 'Cet examen n’a pas cette question à corriger.',
  notMarker: 'Cette question est en double correction : seuls les correcteurs nommés la notent, et l’enseignant tranche les désaccords.',
  finalFixed: 'La note finale de cette copie est arrêtée : un changement se fait dans « Désaccords à trancher » par l’enseignant.',
  notYours: 'Cette copie n’est pas en désaccord : le troisième correcteur ne note que les copies à trancher.',
  notDisagreement: 'Cette copie n’a pas encore ses deux notes : elle se tranche une fois notée par les deux correcteurs.',
  meanBy: 'Moyenne des deux correcteurs',
  /** Who made an annotation of the final mark under double marking (the student reads it beside the annotation). */
  annotationBy: (slot: number | null) => (slot === 1 ? 'Correcteur 1' : slot === 2 ? 'Correcteur 2' : slot === 3 ? 'Troisième correcteur' : 'Enseignant'),
  /** A marker annotates the files of a copy whose final mark is fixed. */
  annotationsFixed: 'La note finale de cette copie est arrêtée : ses annotations ne changent plus que par l’enseignant qui tranche.',
  stale: 'Une note finale a été enregistrée entre-temps : la liste est rechargée, vérifiez-la avant de trancher de nouveau.',
} as const;

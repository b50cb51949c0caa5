// Rubrics (grilles de critères) of an ESSAY question and the annotations of a copy (docs/correction-humaine.md): the
// rubric is part of the question's settings, so each question version holds its own; a grader picks a level per
// criterion (or types a criterion's points when the teacher allows it) and the rubric's total, scaled to the question's
// points in the exam, is the mark. Annotations are comments on passages of the answer's text (offsets and the quoted
// passage). Staff write both; a student reads only the levels chosen for their copy and the annotations, with their mark.
import { z } from 'zod';

export const RUBRIC_MAX_CRITERIA = 30;
/** Levels per criterion: the digit keys 1 to 9 choose them while grading. */
export const RUBRIC_MAX_LEVELS = 9;
export const RUBRIC_TEXT_MAX = 2000;
export const RUBRIC_TITLE_MAX = 200;
export const ANNOTATIONS_MAX = 200;
export const ANNOTATION_COMMENT_MAX = 2000;

const idText = z
  .string({ error: 'L’identifiant doit être un texte.' })
  .trim()
  .min(1, { error: 'L’identifiant est obligatoire.' })
  .max(40, { error: 'L’identifiant ne doit pas dépasser 40 caractères.' });

const optionalText = (label: string) =>
  z
    .string({ error: `${label} doit être un texte.` })
    .max(RUBRIC_TEXT_MAX, { error: `${label} ne doit pas dépasser ${RUBRIC_TEXT_MAX} caractères.` })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v));

const round2 = (n: number) => Math.round(n * 100) / 100;

export const rubricLevelSchema = z.object({
  /** Stable across versions: a rubric edited later re-scores the copies by it. */
  id: idText,
  label: z
    .string({ error: 'Le libellé du niveau doit être un texte.' })
    .trim()
    .min(1, { error: 'Chaque niveau a un libellé.' })
    .max(RUBRIC_TITLE_MAX, { error: `Le libellé d’un niveau ne doit pas dépasser ${RUBRIC_TITLE_MAX} caractères.` }),
  points: z.coerce
    .number({ error: 'Les points d’un niveau doivent être un nombre.' })
    .min(0, { error: 'Les points d’un niveau ne peuvent pas être négatifs.' })
    .max(1000, { error: 'Les points d’un niveau ne peuvent pas dépasser 1000.' })
    .transform(round2),
  description: optionalText('La description du niveau'),
});

export const rubricCriterionSchema = z.object({
  id: idText,
  title: z
    .string({ error: 'Le titre du critère doit être un texte.' })
    .trim()
    .min(1, { error: 'Chaque critère a un titre.' })
    .max(RUBRIC_TITLE_MAX, { error: `Le titre d’un critère ne doit pas dépasser ${RUBRIC_TITLE_MAX} caractères.` }),
  description: optionalText('La description du critère'),
  levels: z
    .array(rubricLevelSchema, { error: 'Les niveaux doivent être une liste.' })
    .min(1, { error: 'Chaque critère a au moins un niveau.' })
    .max(RUBRIC_MAX_LEVELS, { error: `Un critère a au plus ${RUBRIC_MAX_LEVELS} niveaux (les touches 1 à 9).` }),
});

/** The rubric of an essay question; its total (the best level of each criterion) is scaled to the question's points
 *  in each exam. */
export const rubricSchema = z
  .object(
    {
      criteria: z
        .array(rubricCriterionSchema, { error: 'Les critères doivent être une liste.' })
        .min(1, { error: 'Une grille a au moins un critère.' })
        .max(RUBRIC_MAX_CRITERIA, { error: `Une grille a au plus ${RUBRIC_MAX_CRITERIA} critères.` }),
      /** The grader may type a criterion's points (0 to its best level) instead of choosing a level. */
      free_points: z.boolean({ error: 'La saisie libre des points doit être vrai ou faux.' }).default(false),
    },
    { error: 'La grille de critères est invalide.' },
  )
  .superRefine((r, ctx) => {
    const criterionIds = new Set<string>();
    r.criteria.forEach((c, i) => {
      if (criterionIds.has(c.id)) ctx.addIssue({ code: 'custom', path: ['criteria', i, 'id'], message: 'Deux critères ont le même identifiant.' });
      criterionIds.add(c.id);
      const ids = new Set<string>();
      const labels = new Set<string>();
      c.levels.forEach((l, j) => {
        if (ids.has(l.id)) ctx.addIssue({ code: 'custom', path: ['criteria', i, 'levels', j, 'id'], message: 'Deux niveaux du critère ont le même identifiant.' });
        if (labels.has(l.label.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['criteria', i, 'levels', j, 'label'], message: 'Deux niveaux du critère ont le même libellé.' });
        ids.add(l.id);
        labels.add(l.label.toLowerCase());
      });
    });
    if (rubricMax(r) <= 0) ctx.addIssue({ code: 'custom', path: ['criteria'], message: 'Le total de la grille doit être supérieur à 0 : donnez des points au meilleur niveau d’un critère.' });
  });
export type Rubric = z.infer<typeof rubricSchema>;
export type RubricCriterion = Rubric['criteria'][number];

/** The rubric as the server sends it (no transform). */
export const rubricShape = z.object({
  criteria: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      levels: z.array(z.object({ id: z.string(), label: z.string(), points: z.number(), description: z.string().nullable() })),
    }),
  ),
  free_points: z.boolean(),
});

/** Best points of a criterion. */
export const criterionMax = (c: { levels: { points: number }[] }) => Math.max(0, ...c.levels.map((l) => l.points));
/** The rubric's total: the best level of every criterion. */
export const rubricMax = (r: { criteria: { levels: { points: number }[] }[] }) => round2(r.criteria.reduce((s, c) => s + criterionMax(c), 0));

/** A grader's choice for one criterion: a level, or (free points allowed) points typed. */
export const rubricChoiceSchema = z.object({
  criterion_id: idText,
  /** Null: points typed (the rubric allows it). */
  level_id: idText.nullable(),
  points: z.coerce.number({ error: 'Les points d’un critère doivent être un nombre.' }).min(0, { error: 'Les points d’un critère ne peuvent pas être négatifs.' }).nullish(),
});
export type RubricChoice = z.infer<typeof rubricChoiceSchema>;

/** A chosen level as kept with the mark (and shown to the student with it): titles copied, so the mark reads alone. */
export const rubricLevelChosenSchema = z.object({
  criterion_id: z.string(),
  criterion: z.string(),
  level_id: z.string().nullable(),
  /** Null: points typed. */
  level: z.string().nullable(),
  level_description: z.string().nullable(),
  points: z.number(),
  max: z.number(),
});
export type RubricLevelChosen = z.infer<typeof rubricLevelChosenSchema>;

/** A comment on a passage of the answer's text: [start, end) in UTF-16 code units, and the passage quoted. */
export const annotationSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  quote: z.string().max(100_000),
  comment: z
    .string({ error: 'Le commentaire de l’annotation doit être un texte.' })
    .trim()
    .min(1, { error: 'Une annotation a un commentaire.' })
    .max(ANNOTATION_COMMENT_MAX, { error: `Le commentaire d’une annotation ne doit pas dépasser ${ANNOTATION_COMMENT_MAX} caractères.` }),
});
export type Annotation = z.infer<typeof annotationSchema>;
/** An annotation as the server sends it (no transform). */
export const annotationShape = z.object({
  start: z.number().int(),
  end: z.number().int(),
  quote: z.string(),
  comment: z.string(),
  /** Under double marking, in the final mark: who made it (« Correcteur 1 », « Correcteur 2 »…); absent: the grader. */
  by: z.string().optional(),
});

export interface ScoredRubric {
  /** The rubric's points summed. */
  raw: number;
  max: number;
  /** Scaled to the question's points (two decimals). */
  points: number;
  levels: RubricLevelChosen[];
  /** Criteria left without a level or points. */
  missing: string[];
}

/** Scores a grader's choices against a rubric: every criterion once; unknown ones are errors (French messages). */
export function scoreRubric(rubric: Rubric, choices: readonly RubricChoice[], questionPoints: number): ScoredRubric | { errors: string[] } {
  const errors: string[] = [];
  const byId = new Map(choices.map((c) => [c.criterion_id, c]));
  for (const c of choices) if (!rubric.criteria.some((k) => k.id === c.criterion_id)) errors.push('Un critère choisi n’est pas dans la grille de la question.');
  const levels: RubricLevelChosen[] = [];
  const missing: string[] = [];
  for (const k of rubric.criteria) {
    const max = criterionMax(k);
    const choice = byId.get(k.id);
    if (!choice || (choice.level_id === null && choice.points == null)) {
      missing.push(k.title);
      continue;
    }
    if (choice.level_id !== null) {
      const level = k.levels.find((l) => l.id === choice.level_id);
      if (!level) {
        errors.push(`Le niveau choisi pour « ${k.title} » n’est pas dans la grille.`);
        continue;
      }
      levels.push({ criterion_id: k.id, criterion: k.title, level_id: level.id, level: level.label, level_description: level.description, points: level.points, max });
    } else {
      const typed = round2(choice.points ?? 0);
      if (!rubric.free_points) errors.push(`Choisissez un niveau pour « ${k.title} » : la grille ne permet pas de saisir les points.`);
      else if (typed > max + 1e-9) errors.push(`Les points de « ${k.title} » vont de 0 à ${max}.`);
      else levels.push({ criterion_id: k.id, criterion: k.title, level_id: null, level: null, level_description: null, points: typed, max });
    }
  }
  if (errors.length) return { errors: [...new Set(errors)] };
  const raw = round2(levels.reduce((s, l) => s + l.points, 0));
  const max = rubricMax(rubric);
  return { raw, max, points: max > 0 ? round2((raw / max) * questionPoints) : 0, levels, missing };
}

/**
 * The choices of a mark given with an earlier rubric, carried to a new one: a criterion by its id, a level by its id,
 * else by its label; typed points stay (capped at the criterion's new best). A criterion or level that no longer
 * matches is left without choice (`missing`, 0 points).
 */
export function carryChoices(previous: readonly RubricLevelChosen[], rubric: Rubric): RubricChoice[] {
  const out: RubricChoice[] = [];
  for (const k of rubric.criteria) {
    const p = previous.find((x) => x.criterion_id === k.id) ?? previous.find((x) => x.criterion.toLowerCase() === k.title.toLowerCase());
    if (!p) continue;
    if (p.level_id === null) {
      if (rubric.free_points) out.push({ criterion_id: k.id, level_id: null, points: Math.min(p.points, criterionMax(k)) });
      continue;
    }
    const level = k.levels.find((l) => l.id === p.level_id) ?? k.levels.find((l) => p.level !== null && l.label.toLowerCase() === p.level.toLowerCase());
    if (level) out.push({ criterion_id: k.id, level_id: level.id, points: null });
  }
  return out;
}

/** Checks annotations against the answer's text: in bounds, the quoted passage where it says, no duplicates. */
export function annotationErrors(text: string, annotations: readonly Annotation[]): string[] {
  const errors: string[] = [];
  if (annotations.length > ANNOTATIONS_MAX) errors.push(`Une copie a au plus ${ANNOTATIONS_MAX} annotations.`);
  for (const a of annotations) {
    if (a.end <= a.start || a.end > text.length) errors.push('Une annotation porte sur un passage hors de la réponse.');
    else if (text.slice(a.start, a.end) !== a.quote) errors.push('Le passage annoté ne correspond plus au texte de la réponse.');
  }
  return [...new Set(errors)];
}

/** What « Appliquer le barème modifié » says it did (the server's message and the screen's, one sentence). */
export function rubricAppliedMessage(r: { changed: number; to_review: number; to_settle: number }): string {
  return [RUBRIC_TEXTS.changed(r.changed), r.to_review > 0 ? RUBRIC_TEXTS.toReview(r.to_review) : '', r.to_settle > 0 ? RUBRIC_TEXTS.toSettle(r.to_settle) : ''].filter(Boolean).join(' ');
}

export const RUBRIC_TEXTS = {
  changed: (n: number) => (n === 0 ? 'Aucune copie n’a changé de note.' : n === 1 ? '1 copie a changé de note.' : `${n} copies ont changé de note.`),
  toReview: (n: number) => (n === 1 ? '1 copie a un critère sans niveau : à revoir.' : `${n} copies ont un critère sans niveau : à revoir.`),
  toSettle: (n: number) =>
    n === 1
      ? '1 copie est de nouveau à trancher : les deux notes recalculées s’écartent de plus que l’écart permis.'
      : `${n} copies sont de nouveau à trancher : les deux notes recalculées s’écartent de plus que l’écart permis.`,
  notChanged: 'Le barème de la question n’a pas changé depuis celui appliqué à cet examen.',
  incomplete: (titles: string[]) => `Choisissez un niveau pour chaque critère (reste : ${titles.join(', ')}).`,
} as const;

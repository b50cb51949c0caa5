// The rubric's editor values to and from the API (packages/shared/src/rubric.ts): ids drawn once for each new criterion
// and level (they keep the copies' levels when the rubric is edited later), points typed as text.
import type { Rubric } from '@exam/shared';
import type { EssayForm, RubricCriterionForm, RubricLevelForm } from './form';

const newId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export const blankLevel = (label = '', points: number | string = ''): RubricLevelForm => ({ id: newId('n'), label, points, description: '' });
export const blankCriterion = (): RubricCriterionForm => ({ id: newId('c'), title: '', description: '', levels: [blankLevel('Insuffisant', 0), blankLevel('Satisfaisant', 1)] });

export function rubricToForm(r: Rubric | null | undefined): EssayForm['essay']['rubric'] {
  if (!r) return { free_points: false, criteria: [blankCriterion()] };
  return {
    free_points: r.free_points,
    criteria: r.criteria.map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description ?? '',
      levels: c.levels.map((l) => ({ id: l.id, label: l.label, points: l.points, description: l.description ?? '' })),
    })),
  };
}

/** Points as typed (a decimal comma accepted); an empty field is sent as it is, for the server to name it. */
const pointsOf = (v: number | string): number => (typeof v === 'number' ? v : v.trim() === '' ? (v as unknown as number) : Number(v.trim().replace(',', '.')));

export function rubricToBody(on: boolean, r: EssayForm['essay']['rubric']) {
  if (!on) return null;
  return {
    free_points: r.free_points,
    criteria: r.criteria.map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description.trim() ? c.description : null,
      levels: c.levels.map((l) => ({ id: l.id, label: l.label, points: pointsOf(l.points), description: l.description.trim() ? l.description : null })),
    })),
  };
}

/** A level's points left empty or not a number: the first such field's path, for its French message (else null).
 *  `at`: the kind's settings the rubric lives in (an essay's, a file answer's). */
export function badLevelPoints(on: boolean, r: EssayForm['essay']['rubric'], at: 'essay' | 'file_answer' = 'essay'): `essay.rubric.criteria.${number}.levels.${number}.points` | null {
  if (!on) return null;
  for (const [ci, c] of r.criteria.entries())
    for (const [li, l] of c.levels.entries()) {
      const v = typeof l.points === 'number' ? l.points : Number(l.points.trim().replace(',', '.'));
      if ((typeof l.points === 'string' && l.points.trim() === '') || !Number.isFinite(v)) return `${at}.rubric.criteria.${ci}.levels.${li}.points` as `essay.rubric.criteria.${number}.levels.${number}.points`;
    }
  return null;
}

/** The rubric's total as typed (the best level of each criterion). */
export const rubricTotal = (r: EssayForm['essay']['rubric']) =>
  Math.round(r.criteria.reduce((s, c) => s + Math.max(0, ...c.levels.map((l) => Number(String(l.points).replace(',', '.')) || 0)), 0) * 100) / 100;

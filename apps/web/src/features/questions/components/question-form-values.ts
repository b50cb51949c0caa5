// The question editor's values: how a stored question fills the form (the general card's fields, then every kind's
// own part, so that switching the type finds blank fields), how it becomes the API's body (the chosen kind's part
// only), and how the API's field paths (possible_solutions.2.content…) map onto the form's, so that messages land
// next to their fields.
import type { UseFormSetError } from 'react-hook-form';
import { QUESTION_KINDS, type Question, type QuestionInput } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { isApiError, ApiError } from '@/lib/api-client';
import { QUESTION_KINDS_UI, num, type GeneralFormValues, type QuestionFormValues } from '@/question-kinds';

export function toForm(q?: Question): QuestionFormValues {
  const general: GeneralFormValues = {
    type: q?.type ?? 'QCM',
    name: q?.name ?? '',
    statement: q?.statement ?? '',
    points: q?.points ?? 1,
    course_id: q?.course_id ? String(q.course_id) : null,
    chapter_id: q?.chapter_id ? String(q.chapter_id) : null,
    is_practice: q?.is_practice === 1,
    tags: q?.tags ?? [],
    generator: q?.generator ?? '',
  };
  const kinds = QUESTION_KINDS.map((k) => QUESTION_KINDS_UI[k].editor.toForm(q?.type === k ? q : undefined));
  return Object.assign(general, ...kinds) as QuestionFormValues;
}

/** The API body of the form (only what the chosen type uses). */
export function toBody(v: QuestionFormValues, version?: number): QuestionInput {
  return {
    type: v.type,
    name: v.name.trim() ? v.name : null,
    statement: v.statement,
    points: num(v.points) ?? 1,
    course_id: v.course_id ? Number(v.course_id) : null,
    chapter_id: v.course_id && v.chapter_id ? Number(v.chapter_id) : null,
    is_practice: v.is_practice ? 1 : 0,
    tags: v.tags,
    language: null,
    starter_code: null,
    reference_solution: null,
    tolerance: null,
    limits: null,
    scoring: null,
    generator: v.generator.trim() ? v.generator : null,
    ...QUESTION_KINDS_UI[v.type].editor.toBody(v),
    ...(version !== undefined ? { version } : {}),
  };
}

/** A field path of the API body (possible_solutions.2.content, tolerance.value…) as a path of this form. */
export function formPath(v: QuestionFormValues, path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'tolerance') return parts[1] === 'kind' ? 'tolerance_kind' : 'tolerance_value';
  if (parts[0] === 'limits') return parts[1] ?? 'cpu_seconds';
  if (parts[0] !== 'possible_solutions') return path;
  const target = QUESTION_KINDS_UI[v.type].editor.solutionsField;
  if ('single' in target) return target.single;
  if ('path' in target) return target.path(parts.length === 1 ? null : Number(parts[1]), parts[2], v);
  if (parts.length === 1) return `${target.list}.root`;
  const field = parts[2] ?? (target.wholeItem ? 'root' : 'content');
  return `${target.list}.${parts[1]}.${target.wholeItem && field === 'content' ? 'root' : field}`;
}

/** Puts the API's (or the shared schema's) field messages on the form, translating the body's paths. */
export function applyErrors(err: unknown, values: QuestionFormValues, setError: UseFormSetError<QuestionFormValues>) {
  if (!isApiError(err)) return;
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(err.errors ?? {})) {
    const key = formPath(values, k);
    errors[key] = [...(errors[key] ?? []), ...(v ?? [])];
  }
  applyApiErrors(new ApiError(err.status, err.message, errors), setError);
}

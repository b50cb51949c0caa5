// The question editor's values: what the form holds (each type's answers in a list of its own, numbers as typed),
// how a stored question fills it, how it becomes the API's body (only what the chosen type uses), and how the API's
// field paths (possible_solutions.2.content…) map onto the form's, so that messages land next to their fields.
import type { useForm, UseFormSetError } from 'react-hook-form';
import type { Language, Question, QuestionInput, QuestionKind } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { isApiError, ApiError } from '@/lib/api-client';

export interface Choice {
  id?: number;
  content: string;
  is_correct: boolean;
}
export interface Answer {
  id?: number;
  content: string;
}
export interface TestCase {
  id?: number;
  stdin: string;
  expected_output: string;
  is_hidden: boolean;
  weight: number | string;
}

export interface QuestionFormValues {
  type: QuestionKind;
  statement: string;
  points: number | string;
  course_id: string | null;
  chapter_id: string | null;
  is_practice: boolean;
  tags: string[];
  language: Language | null;
  starter_code: string;
  reference_solution: string;
  tolerance_on: boolean;
  tolerance_kind: 'absolute' | 'relative';
  tolerance_value: number | string;
  cpu_seconds: number | string;
  memory_mb: number | string;
  choices: Choice[];
  answers: Answer[];
  tests: TestCase[];
  expected: string;
  /** Python source of generate(seed); empty: not parameterised. */
  generator: string;
}

export type QuestionFormErrors = ReturnType<typeof useForm<QuestionFormValues>>['formState']['errors'];
export type QuestionFormRegister = ReturnType<typeof useForm<QuestionFormValues>>['register'];

export const blankTest = (): TestCase => ({ stdin: '', expected_output: '', is_hidden: false, weight: 1 });

export function toForm(q?: Question): QuestionFormValues {
  const ps = q?.possible_solutions ?? [];
  const type = q?.type ?? 'QCM';
  return {
    type,
    statement: q?.statement ?? '',
    points: q?.points ?? 1,
    course_id: q?.course_id ? String(q.course_id) : null,
    chapter_id: q?.chapter_id ? String(q.chapter_id) : null,
    is_practice: q?.is_practice === 1,
    tags: q?.tags ?? [],
    language: q?.language ?? 'PYTHON',
    starter_code: q?.starter_code ?? '',
    reference_solution: q?.reference_solution ?? '',
    tolerance_on: Boolean(q?.tolerance),
    tolerance_kind: q?.tolerance?.kind ?? 'absolute',
    tolerance_value: q?.tolerance?.value ?? 0.01,
    cpu_seconds: q?.limits?.cpu_seconds ?? '',
    memory_mb: q?.limits?.memory_mb ?? '',
    choices:
      type === 'QCM' && ps.length
        ? ps.map((p) => ({ id: p.id, content: p.content, is_correct: p.is_correct === 1 }))
        : [
            { content: '', is_correct: false },
            { content: '', is_correct: false },
          ],
    answers: type === 'EXACT' && ps.length ? ps.map((p) => ({ id: p.id, content: p.content })) : [{ content: '' }],
    tests:
      type === 'ALGORITHM' && ps.length
        ? ps.map((p) => ({ id: p.id, stdin: p.stdin, expected_output: p.expected_output, is_hidden: p.is_hidden === 1, weight: p.weight }))
        : [blankTest()],
    expected: type === 'MATH' ? (ps[0]?.content ?? '') : '',
    generator: q?.generator ?? '',
  };
}

/** A typed number, or undefined when the field is empty. */
export const num = (v: number | string) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The API body of the form (only what the chosen type uses). */
export function toBody(v: QuestionFormValues, version?: number): QuestionInput {
  const algorithm = v.type === 'ALGORITHM';
  const cpu = num(v.cpu_seconds);
  const mem = num(v.memory_mb);
  const possible_solutions =
    v.type === 'QCM'
      ? v.choices.map((c) => ({ id: c.id, content: c.content, is_correct: (c.is_correct ? 1 : 0) as 0 | 1 }))
      : v.type === 'EXACT'
        ? v.answers.map((a) => ({ id: a.id, content: a.content, is_correct: 1 as const }))
        : algorithm
          ? v.tests.map((c) => ({ id: c.id, stdin: c.stdin, expected_output: c.expected_output, is_hidden: (c.is_hidden ? 1 : 0) as 0 | 1, weight: num(c.weight) ?? 1 }))
          : [{ content: v.expected, is_correct: 1 as const }];
  return {
    type: v.type,
    statement: v.statement,
    points: num(v.points) ?? 1,
    course_id: v.course_id ? Number(v.course_id) : null,
    chapter_id: v.course_id && v.chapter_id ? Number(v.chapter_id) : null,
    is_practice: v.is_practice ? 1 : 0,
    tags: v.tags,
    language: algorithm ? v.language : null,
    starter_code: algorithm ? v.starter_code : null,
    reference_solution: algorithm ? v.reference_solution : null,
    tolerance: v.type === 'EXACT' && v.tolerance_on ? { kind: v.tolerance_kind, value: num(v.tolerance_value) ?? 0 } : null,
    limits: algorithm && cpu !== undefined && mem !== undefined ? { cpu_seconds: cpu, memory_mb: mem } : null,
    generator: v.generator.trim() ? v.generator : null,
    possible_solutions,
    ...(version !== undefined ? { version } : {}),
  };
}

/** A field path of the API body (possible_solutions.2.content, tolerance.value…) as a path of this form. */
export function formPath(type: QuestionKind, path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'tolerance') return parts[1] === 'kind' ? 'tolerance_kind' : 'tolerance_value';
  if (parts[0] === 'limits') return parts[1] ?? 'cpu_seconds';
  if (parts[0] !== 'possible_solutions') return path;
  const list = type === 'QCM' ? 'choices' : type === 'EXACT' ? 'answers' : type === 'ALGORITHM' ? 'tests' : null;
  if (!list) return 'expected';
  if (parts.length === 1) return `${list}.root`;
  const field = parts[2] ?? (list === 'tests' ? 'root' : 'content');
  return `${list}.${parts[1]}.${list === 'tests' && field === 'content' ? 'root' : field}`;
}

/** Puts the API's (or the shared schema's) field messages on the form, translating the body's paths. */
export function applyErrors(err: unknown, type: QuestionKind, setError: UseFormSetError<QuestionFormValues>) {
  if (!isApiError(err)) return;
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(err.errors ?? {})) {
    const key = formPath(type, k);
    errors[key] = [...(errors[key] ?? []), ...(v ?? [])];
  }
  applyApiErrors(new ApiError(err.status, err.message, errors), setError);
}

/** The message of a list (or of a case) as a whole: the one put on its root, or on itself. */
export const rootMessage = (e: unknown): string | undefined => {
  const x = e as { message?: string; root?: { message?: string } } | undefined;
  return x?.root?.message ?? x?.message;
};

// The question editor's values: the general card's fields, then each kind's own part (its slice, declared in its
// module). A new kind adds its slice to the intersection below.
import type { useForm } from 'react-hook-form';
import type { QuestionKind } from '@exam/shared';
import type { AlgorithmForm } from './algorithm/form';
import type { ClozeForm } from './cloze/form';
import type { EssayForm } from './essay/form';
import type { ExactForm } from './exact/form';
import type { FileForm } from './file/form';
import type { MatchingForm } from './matching/form';
import type { MathForm } from './math/form';
import type { OrderingForm } from './ordering/form';
import type { QcmForm } from './qcm/form';

export interface GeneralFormValues {
  type: QuestionKind;
  /** Optional name; empty: unnamed. */
  name: string;
  statement: string;
  points: number | string;
  course_id: string | null;
  chapter_id: string | null;
  is_practice: boolean;
  tags: string[];
  /** Python source of generate(seed); empty: not parameterised. */
  generator: string;
}

export type QuestionFormValues = GeneralFormValues & QcmForm & ExactForm & AlgorithmForm & MathForm & MatchingForm & OrderingForm & EssayForm & ClozeForm & FileForm;

export type QuestionFormErrors = ReturnType<typeof useForm<QuestionFormValues>>['formState']['errors'];
export type QuestionFormRegister = ReturnType<typeof useForm<QuestionFormValues>>['register'];

/** A typed number, or undefined when the field is empty. */
export const num = (v: number | string) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The message of a list (or of a case) as a whole: the one put on its root, or on itself. */
export const rootMessage = (e: unknown): string | undefined => {
  const x = e as { message?: string; root?: { message?: string } } | undefined;
  return x?.root?.message ?? x?.message;
};

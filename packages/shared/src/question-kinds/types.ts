// What every question kind says on the shared side (docs/questions.md « Un type de question, un module »): the
// rules of its question body, the answer a student sends, the grade details a student may see, and its answer as
// plain text. One module per kind, gathered in ./index.ts in a table the compiler checks against QUESTION_KINDS.
import type { z } from 'zod';

/** A field error, its path relative to the question body. */
export interface KindIssue {
  path: (string | number)[];
  message: string;
}

/** What a kind's rules see of a question being saved (the body as parsed by questionInputSchema). */
export interface KindRuleInput {
  language: string | null;
  tolerance: { kind: 'absolute' | 'relative'; value: number } | null;
  scoring?: string | null;
  /** ALGORITHM: `input()` writes what it reads (CodeRunner's python3_w_input). */
  echo_input?: 0 | 1;
  /** The statement: CLOZE checks its gaps' markers against its rows (without it, the rows alone). */
  statement?: string;
  /** ESSAY: its word limit, template and grader information (null for the other kinds). */
  essay?: { word_limit: number | null } | null;
  /** Offered as a practice exercise: a kind graded by people cannot be (nobody grades practice). */
  is_practice?: 0 | 1;
  possible_solutions: { content: string; is_correct: 0 | 1; stdin: string; expected_output: string; is_hidden: 0 | 1; weight: number }[];
}

/** What the answer's plain text needs of the question (QCM: its choices' texts). */
export interface KindAnswerSource {
  possible_solutions: { id: number; content: string; expected_output?: string }[];
}

export interface SharedQuestionKind<K extends string> {
  kind: K;
  /** The kind's rules, as field errors: used by create, update and the possible-solutions routes. */
  rules: (q: KindRuleInput) => KindIssue[];
  /** The answer a student sends (docs/api.md « Réponses »). */
  answer: z.ZodType;
  /** What a student may see of a grade of this kind: never which answer is the right one. */
  details: z.ZodObject<{ type: z.ZodLiteral<K> }>;
  /** The answer as plain text (the appeal file), `html` turning a stored text into plain text. */
  answerText: (answer: unknown, q: KindAnswerSource | null, plain: (html: string) => string) => string;
  /** One line about a grade's details beside the answer (the appeal file), or null. Each module types `d` as its
   *  own details; callers pass the details of the same kind. */
  detailsText: (d: never) => string | null;
}

/** An answer shown as JSON when it has no known shape (an old or broken answer). */
export const rawAnswerText = (answer: unknown) => (typeof answer === 'string' ? answer : JSON.stringify(answer));

// The EXACT kind on the web: one line of text compared with the accepted answers.
import { num } from '../form-values';
import type { QuestionKindUi } from '../types';
import { exactFacts } from './facts';
import { exactViews } from './views';
import { ExactAnswerInput } from './answer-input';
import { ExactEditorFields, TextVariantAnswers } from './editor-fields';
import type { ExactForm } from './form';

export const exactKind: QuestionKindUi<ExactForm> = {
  kind: 'EXACT',
  ...exactFacts,
  ...exactViews,
  AnswerInput: ExactAnswerInput,
  editor: {
    Fields: ExactEditorFields,
    toForm: (q) => ({
      answers: q?.possible_solutions.length ? q.possible_solutions.map((p) => ({ id: p.id, content: p.content })) : [{ content: '' }],
      tolerance_on: Boolean(q?.tolerance),
      tolerance_kind: q?.tolerance?.kind ?? 'absolute',
      tolerance_value: q?.tolerance?.value ?? 0.01,
    }),
    toBody: (v) => ({
      possible_solutions: v.answers.map((a) => ({ id: a.id, content: a.content, is_correct: 1 as const })),
      tolerance: v.tolerance_on ? { kind: v.tolerance_kind, value: num(v.tolerance_value) ?? 0 } : null,
    }),
    solutionsField: { list: 'answers' },
    VariantAnswers: TextVariantAnswers,
  },
};

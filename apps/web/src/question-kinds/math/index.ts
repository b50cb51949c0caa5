// The MATH kind on the web: one expression, compared by equivalence with the expected one.
import { hasPlaceholder } from '@/components/math-input';
import { TextVariantAnswers } from '../exact/editor-fields';
import type { QuestionKindUi } from '../types';
import { mathFacts } from './facts';
import { mathViews } from './views';
import { MathEditorFields } from './editor-fields';
import type { MathForm } from './form';
import { MathAnswerInput } from './answer-input';
import { mathTexts } from './texts';

export const mathKind: QuestionKindUi<MathForm> = {
  kind: 'MATH',
  ...mathFacts,
  ...mathViews,
  incomplete: (value) => (typeof value === 'string' && hasPlaceholder(value) ? mathTexts.incomplete : null),
  AnswerInput: MathAnswerInput,
  editor: {
    Fields: MathEditorFields,
    toForm: (q) => ({ expected: q?.possible_solutions[0]?.content ?? '' }),
    toBody: (v) => ({ possible_solutions: [{ content: v.expected, is_correct: 1 as const }] }),
    solutionsField: { single: 'expected' },
    VariantAnswers: TextVariantAnswers,
  },
};

// The MATH kind on the web: one expression, compared by equivalence with the expected one, and in the form required.
import { hasPlaceholder } from '@/components/math-input';
import { TextVariantAnswers } from '../exact/editor-fields';
import type { QuestionKindUi } from '../types';
import { mathFacts } from './facts';
import { mathViews } from './views';
import { MathEditorFields } from './editor-fields';
import { mathToBody, mathToForm, type MathForm } from './form';
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
    toForm: mathToForm,
    toBody: mathToBody,
    solutionsField: { single: 'expected' },
    VariantAnswers: TextVariantAnswers,
  },
};

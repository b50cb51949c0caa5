// The QCM kind on the web: choices ticked by id.
import type { QuestionKindUi } from '../types';
import { qcmFacts } from './facts';
import { qcmViews } from './views';
import { QcmAnswerInput } from './answer-input';
import { QcmEditorFields, QcmVariantAnswers } from './editor-fields';
import type { QcmForm } from './form';

export const qcmKind: QuestionKindUi<QcmForm> = {
  kind: 'QCM',
  ...qcmFacts,
  ...qcmViews,
  AnswerInput: QcmAnswerInput,
  editor: {
    Fields: QcmEditorFields,
    toForm: (q) => ({
      choices: q?.possible_solutions.length
        ? q.possible_solutions.map((p) => ({ id: p.id, content: p.content, is_correct: p.is_correct === 1 }))
        : [
            { content: '', is_correct: false },
            { content: '', is_correct: false },
          ],
    }),
    toBody: (v) => ({
      possible_solutions: v.choices.map((c) => ({ id: c.id, content: c.content, is_correct: (c.is_correct ? 1 : 0) as 0 | 1 })),
    }),
    solutionsField: { list: 'choices' },
    VariantAnswers: QcmVariantAnswers,
  },
};

// The ORDERING kind on the web (remise en ordre): items the student puts back in the right order.
import type { QuestionKindUi } from '../types';
import { OrderingAnswerInput } from './answer-input';
import { OrderingEditorFields, OrderingVariantAnswers } from './editor-fields';
import { orderingFacts } from './facts';
import type { OrderingForm } from './form';
import { orderingViews } from './views';

export const orderingKind: QuestionKindUi<OrderingForm> = {
  kind: 'ORDERING',
  ...orderingFacts,
  ...orderingViews,
  AnswerInput: OrderingAnswerInput,
  editor: {
    Fields: OrderingEditorFields,
    toForm: (q) => {
      const rows = q?.possible_solutions ?? [];
      return {
        ordering_items: rows.length ? rows.map((p) => ({ id: p.id, key: p.expected_output, text: p.content })) : [{ text: '' }, { text: '' }],
        ordering_scoring: q?.scoring ?? 'PARTIAL',
      };
    },
    // Stored as rows in the right order, each with the key the server drew for it (a new item: none yet).
    toBody: (v) => ({
      scoring: v.ordering_scoring,
      possible_solutions: v.ordering_items.map((it) => ({ id: it.id, content: it.text, expected_output: it.key ?? '', is_correct: 1 as const })),
    }),
    solutionsField: { path: (index) => (index === null ? 'ordering_items.root' : `ordering_items.${index}.text`) },
    VariantAnswers: OrderingVariantAnswers,
  },
};

// The MATCHING kind on the web (appariement): items matched with answers picked from one list.
import type { QuestionKindUi } from '../types';
import { MatchingAnswerInput } from './answer-input';
import { MatchingEditorFields, MatchingVariantAnswers } from './editor-fields';
import { matchingFacts } from './facts';
import type { MatchingForm } from './form';
import { matchingViews } from './views';

export const matchingKind: QuestionKindUi<MatchingForm> = {
  kind: 'MATCHING',
  ...matchingFacts,
  ...matchingViews,
  AnswerInput: MatchingAnswerInput,
  editor: {
    Fields: MatchingEditorFields,
    toForm: (q) => {
      const rows = q?.possible_solutions ?? [];
      const pairs = rows.filter((p) => p.content.trim() !== '').map((p) => ({ id: p.id, item: p.content, answer: p.expected_output }));
      return {
        pairs: pairs.length ? pairs : [{ item: '', answer: '' }, { item: '', answer: '' }],
        distractors: rows.filter((p) => p.content.trim() === '').map((p) => ({ id: p.id, answer: p.expected_output })),
        scoring: q?.scoring ?? 'PARTIAL',
      };
    },
    // Stored as rows: an item with its answer, then the answers alone (an empty item).
    toBody: (v) => ({
      scoring: v.scoring,
      possible_solutions: [
        ...v.pairs.map((p) => ({ id: p.id, content: p.item, expected_output: p.answer, is_correct: 1 as const })),
        ...v.distractors.map((d) => ({ id: d.id, content: '', expected_output: d.answer, is_correct: 0 as const })),
      ],
    }),
    solutionsField: {
      path: (index, field, v) => {
        if (index === null) return 'pairs.root';
        if (index < v.pairs.length) return `pairs.${index}.${field === 'content' ? 'item' : 'answer'}`;
        return `distractors.${index - v.pairs.length}.answer`;
      },
    },
    VariantAnswers: MatchingVariantAnswers,
  },
};

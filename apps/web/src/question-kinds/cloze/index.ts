// The CLOZE kind on the web (texte à trous): a text whose gaps are lists, short answers or numbers.
import { clozeGapOf, clozeRowOf, clozeToleranceText, parseClozeTolerance } from '@exam/shared';
import { num } from '../form-values';
import type { QuestionKindUi } from '../types';
import { ClozeAnswerInput } from './answer-input';
import { ClozeEditorFields, ClozeVariantAnswers } from './editor-fields';
import { clozeFacts } from './facts';
import type { ClozeForm, ClozeGapForm } from './form';
import { clozeViews } from './views';

const lines = (xs: string[]) => xs.join('\n');
/** A typed weight (a French comma allowed); empty: 1. */
const weightOf = (w: number | string) => num(typeof w === 'string' ? w.trim().replace(',', '.') : w) ?? 1;

export const clozeKind: QuestionKindUi<ClozeForm> = {
  kind: 'CLOZE',
  ...clozeFacts,
  ...clozeViews,
  AnswerInput: ClozeAnswerInput,
  editor: {
    Fields: ClozeEditorFields,
    toForm: (q) => ({
      clozeGaps: (q?.possible_solutions ?? []).map((p): ClozeGapForm => {
        const g = clozeGapOf(p);
        return { id: p.id, kind: g.kind, answers: lines(g.answers), wrong: lines(g.wrong), caseSensitive: g.caseSensitive, tolerance: clozeToleranceText(g.tolerance), weight: g.weight };
      }),
    }),
    // Each gap a row, in order (gap n is the marker {n}); a tolerance that cannot be read is sent as written, for the
    // shared rule to name it.
    toBody: (v) => ({
      possible_solutions: v.clozeGaps.map((g) => {
        const tolerance = parseClozeTolerance(g.tolerance);
        const row = clozeRowOf({
          kind: g.kind,
          answers: g.answers.split('\n'),
          wrong: g.wrong.split('\n'),
          caseSensitive: g.caseSensitive,
          tolerance: tolerance ?? null,
          weight: weightOf(g.weight),
        });
        return { ...(g.id !== undefined ? { id: g.id } : {}), ...row, content: g.kind === 'NUMBER' && tolerance === undefined ? g.tolerance : row.content };
      }),
    }),
    solutionsField: {
      path: (index, field, v) => {
        if (index === null) return 'clozeGaps.root';
        if (field === 'stdin' || field === undefined) return `clozeGaps.${index}.kind`;
        if (field === 'expected_output') return `clozeGaps.${index}.answers`;
        if (field === 'weight') return `clozeGaps.${index}.weight`;
        return v.clozeGaps[index]?.kind === 'NUMBER' ? `clozeGaps.${index}.tolerance` : `clozeGaps.${index}.wrong`;
      },
    },
    VariantAnswers: ClozeVariantAnswers,
  },
};

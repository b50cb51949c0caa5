// The ESSAY kind on the web (réponse rédigée): a written answer graded by a person.
import { num } from '../form-values';
import type { QuestionKindUi } from '../types';
import { EssayAnswerInput } from './answer-input';
import { EssayEditorFields, EssayVariantAnswers } from './editor-fields';
import { essayFacts } from './facts';
import type { EssayForm } from './form';
import { badLevelPoints, rubricToBody, rubricToForm } from './rubric-form';
import { rubricTexts } from './texts';
import { essayViews } from './views';

export const essayKind: QuestionKindUi<EssayForm> = {
  kind: 'ESSAY',
  ...essayFacts,
  ...essayViews,
  AnswerInput: EssayAnswerInput,
  editor: {
    Fields: EssayEditorFields,
    toForm: (q) => ({
      essay: {
        word_limit: q?.essay?.word_limit ?? '',
        response_template: q?.essay?.response_template ?? '',
        grader_info: q?.essay?.grader_info ?? '',
        rubric_on: !!q?.essay?.rubric,
        rubric: rubricToForm(q?.essay?.rubric),
      },
    }),
    toBody: (v) => ({
      possible_solutions: [],
      essay: {
        word_limit: num(v.essay.word_limit) ?? null,
        response_template: v.essay.response_template.trim() ? v.essay.response_template : null,
        grader_info: v.essay.grader_info.trim() ? v.essay.grader_info : null,
        rubric: rubricToBody(v.essay.rubric_on, v.essay.rubric),
      },
    }),
    solutionsField: { single: 'essay.word_limit' },
    // A level's points left empty would be read as 0: each level says its points.
    check: (v, setError) => {
      const bad = badLevelPoints(v.essay.rubric_on, v.essay.rubric);
      if (!bad) return true;
      setError(bad, { type: 'manual', message: rubricTexts.levelPointsRequired }, { shouldFocus: true });
      return false;
    },
    VariantAnswers: EssayVariantAnswers,
  },
};

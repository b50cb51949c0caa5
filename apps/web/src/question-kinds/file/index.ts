// The FILE kind on the web (réponse par fichier): files handed in during an exam, graded by a person.
import { DEFAULT_FILE_ANSWER_SETTINGS } from '@exam/shared';
import { num } from '../form-values';
import type { QuestionKindUi } from '../types';
import { FileAnswerInput } from './answer-input';
import { FileEditorFields, FileVariantAnswers } from './editor-fields';
import { fileFacts } from './facts';
import type { FileForm } from './form';
import { fileViews } from './views';
import { badLevelPoints, rubricToBody, rubricToForm } from '../essay/rubric-form';
import { rubricTexts } from '../essay/texts';

export const fileKind: QuestionKindUi<FileForm> = {
  kind: 'FILE',
  ...fileFacts,
  ...fileViews,
  AnswerInput: FileAnswerInput,
  editor: {
    Fields: FileEditorFields,
    toForm: (q) => {
      const s = q?.file_answer ?? DEFAULT_FILE_ANSWER_SETTINGS;
      return {
        file_answer: { accepted: [...s.accepted], max_files: s.max_files, max_size_mb: s.max_size_mb, grader_info: s.grader_info ?? '', rubric_on: !!s.rubric, rubric: rubricToForm(s.rubric) },
      };
    },
    toBody: (v) => ({
      possible_solutions: [],
      file_answer: {
        accepted: v.file_answer.accepted,
        max_files: num(v.file_answer.max_files) ?? null,
        max_size_mb: num(v.file_answer.max_size_mb) ?? null,
        grader_info: v.file_answer.grader_info.trim() ? v.file_answer.grader_info : null,
        rubric: rubricToBody(v.file_answer.rubric_on, v.file_answer.rubric),
      },
    }),
    solutionsField: { single: 'file_answer.max_files' },
    // The rubric's levels say their points, as an essay's (essay/rubric-form.ts).
    check: (v, setError) => {
      const bad = badLevelPoints(v.file_answer.rubric_on, v.file_answer.rubric, 'file_answer');
      if (!bad) return true;
      setError(bad, { type: 'manual', message: rubricTexts.levelPointsRequired }, { shouldFocus: true });
      return false;
    },
    VariantAnswers: FileVariantAnswers,
  },
};

// The FILE kind on the web (réponse par fichier): files handed in during an exam, graded by a person.
import { DEFAULT_FILE_ANSWER_SETTINGS } from '@exam/shared';
import { num } from '../form-values';
import type { QuestionKindUi } from '../types';
import { FileAnswerInput } from './answer-input';
import { FileEditorFields, FileVariantAnswers } from './editor-fields';
import { fileFacts } from './facts';
import type { FileForm } from './form';
import { fileViews } from './views';

export const fileKind: QuestionKindUi<FileForm> = {
  kind: 'FILE',
  ...fileFacts,
  ...fileViews,
  AnswerInput: FileAnswerInput,
  editor: {
    Fields: FileEditorFields,
    toForm: (q) => {
      const s = q?.file_answer ?? DEFAULT_FILE_ANSWER_SETTINGS;
      return { file_answer: { accepted: [...s.accepted], max_files: s.max_files, max_size_mb: s.max_size_mb, grader_info: s.grader_info ?? '' } };
    },
    toBody: (v) => ({
      possible_solutions: [],
      file_answer: {
        accepted: v.file_answer.accepted,
        max_files: num(v.file_answer.max_files) ?? null,
        max_size_mb: num(v.file_answer.max_size_mb) ?? null,
        grader_info: v.file_answer.grader_info.trim() ? v.file_answer.grader_info : null,
      },
    }),
    solutionsField: { single: 'file_answer.max_files' },
    VariantAnswers: FileVariantAnswers,
  },
};

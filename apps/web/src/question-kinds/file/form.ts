// The FILE kind's part of the question editor: accepted types, how many files, how large, grader information and the
// rubric (the essay's, same form), under `file_answer` as in the API body.
import type { FileAnswerType } from '@exam/shared';
import type { EssayForm } from '../essay/form';

export interface FileForm {
  file_answer: {
    accepted: FileAnswerType[];
    max_files: number | string;
    max_size_mb: number | string;
    grader_info: string;
    /** False: no rubric (the criteria below are not sent). */
    rubric_on: boolean;
    rubric: EssayForm['essay']['rubric'];
  };
}

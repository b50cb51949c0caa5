// The FILE kind's part of the question editor: accepted types, how many files, how large, grader information, under
// `file_answer` as in the API body.
import type { FileAnswerType } from '@exam/shared';

export interface FileForm {
  file_answer: {
    accepted: FileAnswerType[];
    max_files: number | string;
    max_size_mb: number | string;
    grader_info: string;
  };
}

// The answer input of a question, as the screens draw it: the kind is looked up in the table.
import { QUESTION_KINDS_UI } from './table';
import type { AnswerInputProps } from './types';

/** The one answer input of the question's kind (exam page, practice, the staff's preview). */
export function AnswerInput(props: AnswerInputProps) {
  const { AnswerInput: Input } = QUESTION_KINDS_UI[props.question.type];
  return <Input {...props} />;
}

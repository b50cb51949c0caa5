// A text answer read back as it was typed (kinds whose answer is one string and has nothing more to show).
import { Code } from '@mantine/core';
import { kindTexts } from './texts';
import type { AnswerViewProps } from './types';

export const answerText = (answer: unknown) => (typeof answer === 'string' ? answer : JSON.stringify(answer));

export function TextAnswerView({ answer }: AnswerViewProps) {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 360, overflow: 'auto' }}>
      {answerText(answer) || kindTexts.empty}
    </Code>
  );
}

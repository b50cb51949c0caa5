// A program read back: read-only, highlighted, with line numbers. The code viewer comes with its own chunk when first
// needed (the pages that show answers load no editor); until then, the program as plain text.
import { lazy, Suspense } from 'react';
import { Code } from '@mantine/core';
import { answerText } from '../text-answer-view';
import type { AnswerViewProps } from '../types';

const CodeView = lazy(() => import('@/components/code-view').then((m) => ({ default: m.CodeView })));

export function AlgorithmAnswerView({ question, answer, label }: AnswerViewProps) {
  const text = answerText(answer);
  return (
    <Suspense
      fallback={
        <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 360, overflow: 'auto' }}>
          {text}
        </Code>
      }
    >
      <CodeView language={question.language} value={text} label={label} />
    </Suspense>
  );
}

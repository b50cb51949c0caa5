// An ESSAY answer: a text area (keyboard alone, any width) with its words counted as they are typed, a French message
// past the teacher's limit, and the formula dialog of the rich-text editor to insert a formula \( … \) at the caret.
import { useRef, useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMathFunction } from '@tabler/icons-react';
import { countWords, ESSAY_TEXTS } from '@exam/shared';
import { MathDialog, type MathDialogState } from '@/components/rich-text/math-dialog';
import type { AnswerInputProps } from '../types';
import { essayText } from './facts';
import { essayTexts as t } from './texts';

export function EssayAnswerInput({ question, value, onChange, locked }: AnswerInputProps) {
  const text = essayText(value) ?? '';
  const limit = question.essay?.word_limit ?? null;
  const words = countWords(text);
  const over = limit !== null && words > limit;
  const area = useRef<HTMLTextAreaElement>(null);
  const [math, setMath] = useState<MathDialogState | null>(null);
  const caret = useRef<[number, number]>([text.length, text.length]);
  const countId = `essay-${question.id}-count`;

  const insert = (latex: string) => {
    const [from, to] = caret.current;
    const piece = `\\(${latex}\\)`;
    onChange({ text: text.slice(0, from) + piece + text.slice(to) });
    setMath(null);
    requestAnimationFrame(() => {
      const el = area.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(from + piece.length, from + piece.length);
    });
  };

  return (
    <Stack gap={6}>
      <Textarea
        ref={area}
        label={t.yourAnswer}
        description={t.answerHint}
        value={text}
        readOnly={locked}
        autosize
        minRows={8}
        maxRows={30}
        onChange={(e) => onChange({ text: e.currentTarget.value })}
        onSelect={(e) => {
          caret.current = [e.currentTarget.selectionStart, e.currentTarget.selectionEnd];
        }}
        error={over ? ESSAY_TEXTS.overLimit(words, limit) : undefined}
        data-testid="essay-input"
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" id={countId} c={over ? 'var(--mantine-color-error)' : undefined}>
          {t.words(words, limit)}
        </Text>
        {!locked ? (
          <Button variant="light" size="xs" leftSection={<IconMathFunction size={16} aria-hidden="true" />} onClick={() => setMath({ latex: '', display: false })}>
            {t.insertMath}
          </Button>
        ) : null}
      </Group>
      <MathDialog state={math} onClose={() => setMath(null)} onSubmit={(latex) => insert(latex)} onRemove={() => setMath(null)} />
    </Stack>
  );
}

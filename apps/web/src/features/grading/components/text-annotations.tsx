// Annotations on the text of a copy (docs/correction-humaine.md « Annotations »): the grader selects a passage in a
// read-only copy of the text (mouse, or keyboard: Shift + arrows), writes a comment and « Annoter la sélection »; the
// annotations are listed, removable, shown in place on the text, and saved with the mark (offsets, quoted passage,
// comment).
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Annotation } from '@exam/shared';
import { AnnotatedText } from '@/question-kinds/essay/annotated-text';
import { rubricGradingTexts as t } from '../rubric-texts';

export function TextAnnotations({ text, annotations, onChange }: { text: string; annotations: Annotation[]; onChange: (next: Annotation[]) => void }) {
  const source = useRef<HTMLTextAreaElement>(null);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();

  // Read-only, yet with a caret: Chromium moves no caret in a `readonly` textarea, so Shift + arrows could not select.
  // Every edit is refused instead (typing, pasting, dropping, cutting), and the field says it is read-only.
  useEffect(() => {
    const el = source.current;
    if (!el) return;
    const refuse = (e: Event) => e.preventDefault();
    el.addEventListener('beforeinput', refuse);
    el.addEventListener('paste', refuse);
    el.addEventListener('drop', refuse);
    el.addEventListener('cut', refuse);
    return () => {
      el.removeEventListener('beforeinput', refuse);
      el.removeEventListener('paste', refuse);
      el.removeEventListener('drop', refuse);
      el.removeEventListener('cut', refuse);
    };
  }, []);

  const readSelection = () => {
    const el = source.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end } = el;
    setSelection(end > start ? { start, end } : null);
  };

  const add = () => {
    if (!selection) return setError(t.selectFirst);
    if (!comment.trim()) return setError(t.commentFirst);
    setError(null);
    onChange([...annotations, { start: selection.start, end: selection.end, quote: text.slice(selection.start, selection.end), comment: comment.trim() }]);
    setComment('');
    setSelection(null);
    // The passage annotated is no longer selected: the next one starts from where it ended.
    source.current?.setSelectionRange(selection.end, selection.end);
    source.current?.focus();
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="text-annotations">
      <Stack gap="sm">
        <Title order={4} size="h5">
          {t.annotations}
        </Title>
        <Text size="xs" c="dimmed">
          {t.annotateHint}
        </Text>
        <Textarea
          ref={source}
          aria-readonly="true"
          autosize
          minRows={3}
          maxRows={14}
          label={t.source}
          value={text}
          onChange={() => undefined}
          onSelect={readSelection}
          onKeyUp={readSelection}
          onMouseUp={readSelection}
          aria-describedby={statusId}
          data-testid="annotation-source"
        />
        <Text size="sm" id={statusId} aria-live="polite" data-testid="annotation-selection">
          {selection ? t.selection(text.slice(selection.start, selection.end)) : t.noSelection}
        </Text>
        <Textarea
          label={t.annotationComment}
          autosize
          minRows={1}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          error={error ?? undefined}
          data-testid="annotation-comment"
        />
        <Group>
          <Button variant="light" onClick={add} data-testid="annotation-add">
            {t.annotate}
          </Button>
        </Group>
        <Text size="sm">{t.count(annotations.length)}</Text>
        {annotations.length ? (
          <List type="ordered" size="sm" spacing={6} aria-label={t.annotations} data-testid="annotation-list">
            {annotations.map((a, i) => (
              <List.Item key={`${a.start}-${a.end}-${i}`}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" span>
                    « {a.quote} » : {a.comment}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => onChange(annotations.filter((_, j) => j !== i))}
                    aria-label={t.remove(i + 1)}
                  >
                    {t.remove(i + 1)}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        {annotations.length ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t.preview}
            </Text>
            <AnnotatedText text={text} annotations={annotations} listLabel={t.preview} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

// Dialog to type a LaTeX formula with a live KaTeX preview (insert or edit).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Group, Modal, Switch, Text, Textarea } from '@mantine/core';
import { renderLatex } from './katex-render';
import { richTextTexts } from './texts';

const t = richTextTexts.editor;

export interface MathDialogState {
  latex: string;
  display: boolean;
  /** Position of the formula being edited; absent when inserting. */
  pos?: number;
}

export function MathDialog({
  state,
  onClose,
  onSubmit,
  onRemove,
}: {
  state: MathDialogState | null;
  onClose: () => void;
  onSubmit: (latex: string, display: boolean) => void;
  onRemove: () => void;
}) {
  const [latex, setLatex] = useState('');
  const [display, setDisplay] = useState(false);

  useEffect(() => {
    if (state) {
      setLatex(state.latex);
      setDisplay(state.display);
    }
  }, [state]);

  const editing = state?.pos !== undefined;
  return (
    <Modal opened={state !== null} onClose={onClose} title={editing ? t.mathEdit : t.math} size="lg" centered>
      <form
        onSubmit={(e) => {
          // React events cross the portal: without this, the form around the editor would be submitted too.
          e.stopPropagation();
          e.preventDefault();
          if (latex.trim()) onSubmit(latex.trim(), display);
        }}
      >
        <Textarea
          label={t.mathPrompt}
          placeholder={t.mathPlaceholder}
          value={latex}
          onChange={(e) => setLatex(e.currentTarget.value)}
          autosize
          minRows={2}
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && latex.trim()) onSubmit(latex.trim(), display);
          }}
        />
        {!editing ? <Switch mt="sm" label={t.mathBlock} checked={display} onChange={(e) => setDisplay(e.currentTarget.checked)} /> : null}
        <Text size="sm" fw={500} mt="md" mb={4}>
          {t.mathPreview}
        </Text>
        <LatexPreview latex={latex} display={display} />
        <Group justify="space-between" mt="lg">
          {editing ? (
            <Button variant="subtle" color="red" onClick={onRemove}>
              {t.mathRemove}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={!latex.trim()}>
            {editing ? t.mathUpdate : t.mathInsert}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** The formula drawn as it is typed; mounted with the dialog's content, so it draws on its own. */
function LatexPreview({ latex, display }: { latex: string; display: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    if (latex.trim()) renderLatex(ref.current, latex, display);
    else ref.current.textContent = t.mathEmpty;
  }, [latex, display]);
  return (
    <Box
      ref={ref}
      aria-live="polite"
      data-testid="math-preview"
      p="sm"
      mih={48}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, overflowX: 'auto' }}
    />
  );
}

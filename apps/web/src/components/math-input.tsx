// A MathLive field (the <math-field> element, created imperatively) with a label, an error and a KaTeX preview.
import { useEffect, useId, useRef } from 'react';
import { Box, Input, Stack, Text } from '@mantine/core';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { MathfieldElement } from 'mathlive';
import 'mathlive/fonts.css';
import { componentTexts } from './texts';

// Fonts come from mathlive/fonts.css through Vite; no sounds are fetched.
MathfieldElement.fontsDirectory = null;
MathfieldElement.soundsDirectory = null;

const t = componentTexts.math;

const PLACEHOLDER = /\\placeholder(?:\[[^\]]*\])?(?:\{[^{}]*\})?/g;

/** True when the MathLive expression still has empty boxes (\placeholder{}), e.g. after typing `x+/`. */
export const hasPlaceholder = (latex: string): boolean => /\\placeholder(?![a-zA-Z])/.test(latex);

/** The expression as the preview draws it: an empty box (□) where MathLive has a placeholder. */
export const previewLatex = (latex: string): string => latex.replace(PLACEHOLDER, '\\square ');

export interface MathInputProps {
  label: string;
  value: string;
  onChange: (latex: string) => void;
  onSubmit: () => void;
  error?: string;
  description?: string;
}

export function MathInput({ label, value, onChange, onSubmit, error, description }: MathInputProps) {
  const host = useRef<HTMLDivElement>(null);
  const field = useRef<MathfieldElement | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onChange, onSubmit });
  const id = useId();
  useEffect(() => {
    handlers.current = { onChange, onSubmit };
  }, [onChange, onSubmit]);

  useEffect(() => {
    const mf = new MathfieldElement();
    mf.id = `${id}-field`;
    mf.setAttribute('aria-label', t.fieldLabel(label));
    mf.smartFence = true;
    mf.style.width = '100%';
    mf.style.fontSize = '1.25rem';
    mf.style.padding = '6px 8px';
    mf.style.border = '1px solid var(--mantine-color-default-border)';
    mf.style.borderRadius = 'var(--mantine-radius-sm)';
    mf.style.boxSizing = 'border-box';
    mf.style.background = 'var(--mantine-color-body)';
    mf.addEventListener('input', () => handlers.current.onChange(mf.value));
    // The field takes its keys itself (in Chromium through EditContext, with the document as target), so
    // Ctrl+Enter is caught on the document, in the capture phase, while this field has the focus.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && (mf.hasFocus() || e.composedPath().includes(mf))) {
        e.preventDefault();
        e.stopPropagation();
        handlers.current.onSubmit();
      }
    };
    document.addEventListener('keydown', onKey, true);
    // On a click MathLive cancels the pointerdown and focuses its keyboard sink 60 ms later (more on a busy page),
    // so keys typed at once were lost. The focus is taken at once instead: the native focus of the host, which its
    // shadow root delegates to the sink. Added before MathLive's own listener (on connecting), so it runs first.
    const onPointerDown = (e: PointerEvent) => {
      if (e.button === 0 && !mf.hasFocus()) HTMLElement.prototype.focus.call(mf, { preventScroll: true });
    };
    mf.addEventListener('pointerdown', onPointerDown, true);
    host.current?.appendChild(mf);
    field.current = mf;
    return () => {
      mf.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKey, true);
      mf.remove();
      field.current = null;
    };
  }, [id, label]);

  // Outside changes (reset, examples) flow into the field; typing does not come back through here.
  useEffect(() => {
    const mf = field.current;
    if (mf && mf.value !== value) mf.value = value;
  }, [value]);

  useEffect(() => {
    if (!preview.current) return;
    if (value.trim()) katex.render(previewLatex(value), preview.current, { throwOnError: false, displayMode: true, strict: 'ignore', trust: false, maxExpand: 200 });
    else preview.current.textContent = t.emptyPreview;
  }, [value]);

  return (
    <Stack gap={6}>
      <Input.Wrapper label={label} description={description} error={error} labelElement="div" id={`${id}-wrapper`}>
        <Box ref={host} mt={4} style={error ? { outline: '1px solid var(--mantine-color-error)', borderRadius: 'var(--mantine-radius-sm)' } : undefined} />
      </Input.Wrapper>
      <Text size="xs" c="dimmed">
        {t.preview}
      </Text>
      <Box
        ref={preview}
        role="group"
        aria-label={`${t.preview} : ${label}`}
        p="xs"
        mih={44}
        style={{ background: 'var(--mantine-color-body)', border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', overflowX: 'auto' }}
      />
    </Stack>
  );
}

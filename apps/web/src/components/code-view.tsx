// A program shown read-only (a student's submission): the same highlighting as the editor, line numbers, no editing.
import { useMemo } from 'react';
import CodeMirror, { EditorState, EditorView, type Extension } from '@uiw/react-codemirror';
import { python } from '@codemirror/lang-python';
import { StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { r } from '@codemirror/legacy-modes/mode/r';
import type { Language } from '@exam/shared';
import { accessibleHighlight } from './code-editor';

export function CodeView({ language, value, label, maxHeight = '360px' }: { language: Language | null; value: string; label: string; maxHeight?: string }) {
  const extensions = useMemo<Extension[]>(
    () => [
      language === 'R' ? StreamLanguage.define(r) : python(),
      syntaxHighlighting(accessibleHighlight),
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true', tabindex: '0' }),
      EditorView.lineWrapping,
    ],
    [language, label],
  );
  return (
    <CodeMirror
      value={value}
      extensions={extensions}
      editable={false}
      readOnly
      maxHeight={maxHeight}
      basicSetup={{ foldGutter: false, highlightActiveLine: false, highlightActiveLineGutter: false, autocompletion: false }}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', fontSize: 13 }}
    />
  );
}

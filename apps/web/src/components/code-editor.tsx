// CodeMirror 6 editor for Python or R with highlighting; Ctrl+Enter (Cmd+Enter) calls onRun.
import { useLayoutEffect, useMemo, useRef } from 'react';
import CodeMirror, { EditorView, keymap, Prec, type Extension } from '@uiw/react-codemirror';
import { python } from '@codemirror/lang-python';
import { StreamLanguage } from '@codemirror/language';
import { r } from '@codemirror/legacy-modes/mode/r';
import type { Language } from '@exam/shared';

export interface CodeEditorProps {
  language: Language;
  value: string;
  onChange: (value: string) => void;
  onRun: () => void;
  label: string;
  minHeight?: string;
}

export function CodeEditor({ language, value, onChange, onRun, label, minHeight = '260px' }: CodeEditorProps) {
  // The keymap reads the latest callback through a ref, so the extensions never need rebuilding.
  const runRef = useRef(onRun);
  useLayoutEffect(() => {
    runRef.current = onRun;
  }, [onRun]);
  const extensions = useMemo<Extension[]>(
    () => [
      language === 'PYTHON' ? python() : StreamLanguage.define(r),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              runRef.current();
              return true;
            },
          },
        ]),
      ),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.lineWrapping,
    ],
    [language, label],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      minHeight={minHeight}
      maxHeight="60vh"
      basicSetup={{ foldGutter: false, highlightActiveLineGutter: true, tabSize: 4 }}
      indentWithTab={false}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', fontSize: 14 }}
    />
  );
}

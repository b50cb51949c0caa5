// CodeMirror 6 editor for Python or R with highlighting; Ctrl+Enter (Cmd+Enter) calls onRun.
import { useLayoutEffect, useMemo, useRef } from 'react';
import CodeMirror, { EditorView, keymap, Prec, type Extension } from '@uiw/react-codemirror';
import { python } from '@codemirror/lang-python';
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { r } from '@codemirror/legacy-modes/mode/r';
import type { Language } from '@exam/shared';

/**
 * CodeMirror's default colours, three of them darkened (escapes, type names, invalid code) so that every token
 * reaches WCAG AA contrast (4.5:1) on white and on the active line.
 */
export const accessibleHighlight = HighlightStyle.define([
  { tag: tags.meta, color: '#404740' },
  { tag: tags.link, textDecoration: 'underline' },
  { tag: tags.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.keyword, color: '#708' },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: '#219' },
  { tag: [tags.literal, tags.inserted], color: '#164' },
  { tag: [tags.string, tags.deleted], color: '#a11' },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: '#b03a00' },
  { tag: tags.definition(tags.variableName), color: '#00f' },
  { tag: tags.local(tags.variableName), color: '#30a' },
  { tag: [tags.typeName, tags.namespace], color: '#06704a' },
  { tag: tags.className, color: '#167' },
  { tag: [tags.special(tags.variableName), tags.macroName], color: '#256' },
  { tag: tags.definition(tags.propertyName), color: '#00c' },
  { tag: tags.comment, color: '#940' },
  { tag: tags.invalid, color: '#c00' },
]);

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
      Prec.high(syntaxHighlighting(accessibleHighlight)),
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

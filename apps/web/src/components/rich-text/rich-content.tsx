// Shows rich text (a chapter, a question statement) as HTML (already sanitised by the server): formulas drawn with KaTeX, code blocks
// highlighted for their language, links opening in a new tab.
import { useLayoutEffect, useRef } from 'react';
import { Typography } from '@mantine/core';
import { highlightInto, isHighlightable } from './highlight';
import { renderLatex } from './katex-render';
import { richTextTexts } from './texts';
import 'katex/dist/katex.min.css';
import './rich-text.css';

/** Highlights `pre > code.language-*` blocks and draws formulas inside `root`. */
export function enhance(root: HTMLElement) {
  root.querySelectorAll<HTMLElement>('[data-type="math-inline"], [data-type="math-block"]').forEach((el) => {
    const latex = el.getAttribute('data-latex') ?? '';
    el.classList.add('course-math');
    renderLatex(el, latex, el.getAttribute('data-type') === 'math-block');
    // A named formula: role="math" allows the name (a plain span may not carry aria-label).
    el.setAttribute('role', 'math');
    el.setAttribute('aria-label', richTextTexts.editor.formulaLabel(latex));
  });
  root.querySelectorAll<HTMLElement>('pre > code').forEach((code) => {
    // A long line scrolls sideways: the block takes the keyboard focus so that it can be scrolled without a mouse.
    code.parentElement?.setAttribute('tabindex', '0');
    const lang = /language-([a-z0-9]+)/.exec(code.className)?.[1];
    code.classList.add('hljs');
    if (!isHighlightable(lang)) return;
    highlightInto(code, lang);
    code.parentElement?.setAttribute('data-language', lang === 'r' ? 'R' : lang === 'python' ? 'Python' : lang);
  });
}

export function RichContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.innerHTML = html;
    enhance(el);
  }, [html]);
  return (
    <Typography>
      <div ref={ref} className="course-content" />
    </Typography>
  );
}

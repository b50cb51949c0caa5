// Shows a chapter's HTML (already sanitised by the server): formulas drawn with KaTeX, code blocks
// highlighted for their language, links opening in a new tab.
import { useLayoutEffect, useRef } from 'react';
import { Typography } from '@mantine/core';
import type { Root, RootContent } from 'hast';
import { lowlight } from './lowlight';
import { renderLatex } from './math-extension';
import 'katex/dist/katex.min.css';
import './course-content.css';

function toDom(nodes: Array<RootContent>, parent: Node) {
  for (const n of nodes) {
    if (n.type === 'text') parent.appendChild(document.createTextNode(n.value));
    else if (n.type === 'element') {
      const el = document.createElement(n.tagName);
      const cls = n.properties?.className;
      if (Array.isArray(cls)) el.className = cls.join(' ');
      toDom(n.children as RootContent[], el);
      parent.appendChild(el);
    }
  }
}

/** Highlights `pre > code.language-*` blocks and draws formulas inside `root`. */
export function enhance(root: HTMLElement) {
  root.querySelectorAll<HTMLElement>('[data-type="math-inline"], [data-type="math-block"]').forEach((el) => {
    const latex = el.getAttribute('data-latex') ?? '';
    el.classList.add('course-math');
    renderLatex(el, latex, el.getAttribute('data-type') === 'math-block');
    el.setAttribute('aria-label', `Formule : ${latex}`);
  });
  root.querySelectorAll<HTMLElement>('pre > code').forEach((code) => {
    const lang = /language-([a-z0-9]+)/.exec(code.className)?.[1];
    code.classList.add('hljs');
    if (!lang || !lowlight.registered(lang)) return;
    const tree: Root = lowlight.highlight(lang, code.textContent ?? '');
    code.textContent = '';
    toDom(tree.children, code);
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

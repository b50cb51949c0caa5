// A LaTeX expression drawn by KaTeX, without trust (no \href, no HTML): safe markup from a string a student typed.
import katex from 'katex';
import 'katex/dist/katex.min.css';

export function MathText({ latex }: { latex: string }) {
  const html = katex.renderToString(latex, { throwOnError: false, displayMode: false, strict: 'ignore', trust: false, maxExpand: 200 });
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}

// Draws a LaTeX formula with KaTeX; a formula that cannot be read shows its source in red, never throws.
import katex from 'katex';

export function renderLatex(el: HTMLElement, latex: string, display: boolean) {
  katex.render(latex, el, { throwOnError: false, displayMode: display, strict: 'ignore', trust: false, maxSize: 20, maxExpand: 200 });
}

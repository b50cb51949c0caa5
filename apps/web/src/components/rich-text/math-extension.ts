// Tiptap nodes for maths typed as LaTeX and shown with KaTeX. Stored in the chapter HTML as
// <span data-type="math-inline" data-latex="…"> and <div data-type="math-block" data-latex="…">,
// the form the server's sanitiser keeps and the student view renders.
import { Node, mergeAttributes } from '@tiptap/react';
import { renderLatex } from './katex-render';
import { richTextTexts } from './texts';

export interface MathOptions {
  /** Called when a formula is double-clicked (or chosen with Enter): open the formula dialog for it. */
  onEdit?: (pos: number, latex: string, display: boolean) => void;
}

function makeMathNode(name: 'mathInline' | 'mathBlock', display: boolean) {
  const type = display ? 'math-block' : 'math-inline';
  const tag = display ? 'div' : 'span';
  return Node.create<MathOptions>({
    name,
    group: display ? 'block' : 'inline',
    inline: !display,
    atom: true,
    selectable: true,
    draggable: display,
    addOptions: () => ({ onEdit: undefined }),
    addAttributes: () => ({
      latex: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-latex') ?? el.textContent ?? '',
        renderHTML: (attrs) => ({ 'data-latex': attrs.latex as string }),
      },
    }),
    parseHTML: () => [{ tag: `${tag}[data-type="${type}"]` }],
    renderHTML({ node, HTMLAttributes }) {
      return [tag, mergeAttributes(HTMLAttributes, { 'data-type': type }), node.attrs.latex as string];
    },
    addNodeView() {
      return ({ node, getPos }) => {
        const dom = document.createElement(tag);
        dom.setAttribute('data-type', type);
        dom.className = display ? 'course-math course-math-block' : 'course-math';
        dom.contentEditable = 'false';
        let current = node;
        const draw = () => {
          const latex = current.attrs.latex as string;
          dom.title = latex;
          dom.setAttribute('aria-label', richTextTexts.editor.formulaLabel(latex));
          renderLatex(dom, latex || '\\square', display);
        };
        draw();
        dom.addEventListener('dblclick', () => {
          const pos = typeof getPos === 'function' ? getPos() : undefined;
          if (typeof pos === 'number') this.options.onEdit?.(pos, current.attrs.latex as string, display);
        });
        return {
          dom,
          update: (updated) => {
            if (updated.type !== current.type) return false;
            current = updated;
            draw();
            return true;
          },
          ignoreMutation: () => true,
        };
      };
    },
  });
}

export const MathInline = makeMathNode('mathInline', false);
export const MathBlock = makeMathNode('mathBlock', true);

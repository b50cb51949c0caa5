// A small highlighter for Python and R code blocks in the student view (the editor uses lowlight):
// keeps the reading screens free of the editor's libraries. Emits the same hljs-* classes.

interface Lang {
  keywords: Set<string>;
  builtins: Set<string>;
  literals: Set<string>;
}

const PY: Lang = {
  keywords: new Set(
    'and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case'.split(' '),
  ),
  builtins: new Set('print len range int float str list dict set tuple abs min max sum sorted enumerate zip map filter open input round type isinstance super'.split(' ')),
  literals: new Set(['True', 'False', 'None']),
};

const R: Lang = {
  keywords: new Set('if else repeat while function for in next break return switch'.split(' ')),
  builtins: new Set('c cat print paste paste0 mean var sd sum length seq rep library require data.frame list matrix apply sapply lapply vapply nrow ncol head summary plot'.split(' ')),
  literals: new Set(['TRUE', 'FALSE', 'NULL', 'NA', 'Inf', 'NaN', 'T', 'F']),
};

const LANGS: Record<string, Lang> = { python: PY, r: R };

// One alternation; the first matching group decides the token's class.
const TOKEN =
  /(#[^\n]*)|("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|(\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[jJL]?\b)|([A-Za-z_.][A-Za-z0-9_.]*)(\s*\()?/g;

export function isHighlightable(lang: string | undefined): lang is 'python' | 'r' {
  return lang === 'python' || lang === 'r';
}

export type Token = [text: string, cls?: string];

/** Splits source code into tokens with their hljs-* class (none for plain text). */
export function tokenize(src: string, lang: 'python' | 'r'): Token[] {
  const def = LANGS[lang];
  const out: Token[] = [];
  const push = (text: string, cls?: string) => {
    if (text) out.push(cls ? [text, cls] : [text]);
  };
  let last = 0;
  for (const m of src.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    push(src.slice(last, at));
    last = at + m[0].length;
    if (m[1]) push(m[1], 'hljs-comment');
    else if (m[2]) push(m[2], 'hljs-string');
    else if (m[3]) push(m[3], 'hljs-number');
    else if (m[4]) {
      let word = m[4];
      // In Python a dot separates names (module.function); in R it is part of the name (data.frame).
      if (lang === 'python' && word.includes('.')) {
        const cut = word.lastIndexOf('.') + 1;
        push(word.slice(0, cut));
        word = word.slice(cut);
      }
      const cls = def.keywords.has(word)
        ? 'hljs-keyword'
        : def.literals.has(word)
          ? 'hljs-literal'
          : def.builtins.has(word)
            ? 'hljs-built_in'
            : m[5]
              ? 'hljs-title function_'
              : undefined;
      push(word, cls);
      if (m[5]) push(m[5]);
    }
  }
  push(src.slice(last));
  return out;
}

/** Replaces the text of `code` with highlighted spans (text nodes only, never HTML strings). */
export function highlightInto(code: HTMLElement, lang: 'python' | 'r') {
  const frag = document.createDocumentFragment();
  for (const [text, cls] of tokenize(code.textContent ?? '', lang)) {
    if (!cls) {
      frag.appendChild(document.createTextNode(text));
      continue;
    }
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = text;
    frag.appendChild(span);
  }
  code.textContent = '';
  code.appendChild(frag);
}

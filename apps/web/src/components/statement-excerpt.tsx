// A question statement's excerpt as the server writes it (plain text, formulas between \( and \)): the text
// as it is and each formula drawn with KaTeX (with its MathML, read by screen readers, as in chapters).
import { Fragment, useMemo } from 'react';
import { Text, type TextProps } from '@mantine/core';
import katex from 'katex';
import 'katex/dist/katex.min.css';

type Piece = { math: false; text: string } | { math: true; text: string; html: string };

/** Splits an excerpt into text and formulas (a formula KaTeX cannot read stays as its source). */
export function excerptPieces(excerpt: string): Piece[] {
  const pieces: Piece[] = [];
  const re = /\\\(([\s\S]*?)\\\)/g;
  let last = 0;
  for (let m = re.exec(excerpt); m; m = re.exec(excerpt)) {
    if (m.index > last) pieces.push({ math: false, text: excerpt.slice(last, m.index) });
    const latex = m[1] ?? '';
    const html = katex.renderToString(latex, { throwOnError: false, displayMode: false, strict: 'ignore', trust: false, maxSize: 20, maxExpand: 200 });
    pieces.push({ math: true, text: latex, html });
    last = re.lastIndex;
  }
  if (last < excerpt.length) pieces.push({ math: false, text: excerpt.slice(last) });
  return pieces;
}

/** The excerpt as readable text, formulas as their LaTeX source (for labels, titles and confirmations). */
export function excerptText(excerpt: string): string {
  return excerpt.replace(/\\\(([\s\S]*?)\\\)/g, '$1');
}

export function StatementExcerpt({ excerpt, fallback = '', ...props }: { excerpt: string; fallback?: string } & TextProps) {
  const pieces = useMemo(() => excerptPieces(excerpt), [excerpt]);
  if (!excerpt) return <Text {...props}>{fallback}</Text>;
  return (
    <Text {...props}>
      {pieces.map((p, i) =>
        p.math ? (
          // KaTeX's own output (trust off): it escapes the source, nothing of the statement's HTML gets through.
          <span key={i} dangerouslySetInnerHTML={{ __html: p.html }} />
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </Text>
  );
}

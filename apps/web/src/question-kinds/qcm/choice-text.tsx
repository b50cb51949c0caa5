// A choice's text with its inline marks (italic, bold, underline, sub/superscript, code, links) drawn as elements:
// React builds them from the parsed text, nothing of it is read as HTML.
import { Fragment, type ReactNode } from 'react';
import { parseChoiceText, type ChoiceNode } from '@exam/shared';

function draw(nodes: ChoiceNode[]): ReactNode[] {
  return nodes.map((n, i) => {
    if (typeof n === 'string') return <Fragment key={i}>{n}</Fragment>;
    if (n.tag === 'a') {
      return (
        <a key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
          {draw(n.children)}
        </a>
      );
    }
    const Tag = n.tag;
    return <Tag key={i}>{draw(n.children)}</Tag>;
  });
}

export function ChoiceText({ text }: { text: string }) {
  return <>{draw(parseChoiceText(text))}</>;
}

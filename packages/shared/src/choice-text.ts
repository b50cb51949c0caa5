// A choice's text (QCM) is plain text that may carry a few inline marks, written as their HTML tags: italic, bold,
// underline, sub- and superscript, code, and links to an http(s) address. Nothing else in it is markup: « a < b » is
// text. Moodle choices keep their formatting this way through an import and back out (Moodle XML and GIFT).

export const CHOICE_MARKS = ['i', 'em', 'b', 'strong', 'u', 'sub', 'sup', 'code'] as const;
export type ChoiceMark = (typeof CHOICE_MARKS)[number];

export type ChoiceNode = string | { tag: ChoiceMark; children: ChoiceNode[] } | { tag: 'a'; href: string; children: ChoiceNode[] };

const TOKEN = /<(\/?)(i|em|b|strong|u|sub|sup|code)>|<a href="(https?:\/\/[^"<>\s]{1,2000})">|<\/a>/gi;

/** The text as nodes: marks opened and closed in order; a closing mark with no opening one stays text. */
export function parseChoiceText(text: string): ChoiceNode[] {
  const root: { children: ChoiceNode[] } = { children: [] };
  const stack: Array<{ tag: string; children: ChoiceNode[]; raw: string }> = [];
  const top = () => (stack.length ? stack[stack.length - 1]! : root);
  const push = (n: ChoiceNode) => {
    const list = top().children;
    if (typeof n === 'string' && typeof list[list.length - 1] === 'string') list[list.length - 1] += n;
    else list.push(n);
  };
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) push(text.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/' || m[0].toLowerCase() === '</a>';
    const tag = (m[2] ?? 'a').toLowerCase();
    if (!closing) {
      stack.push({ tag, children: [], raw: m[0] });
      continue;
    }
    const at = stack.map((s) => s.tag).lastIndexOf(tag);
    if (at < 0) {
      push(m[0]);
      continue;
    }
    // Marks left open inside the one closing now are closed with it.
    while (stack.length > at) {
      const open = stack.pop()!;
      const href = /href="([^"]*)"/.exec(open.raw)?.[1];
      push(open.tag === 'a' ? { tag: 'a', href: href!, children: open.children } : { tag: open.tag as ChoiceMark, children: open.children });
    }
  }
  if (last < text.length) push(text.slice(last));
  // A mark never closed: its opening tag is text.
  while (stack.length) {
    const open = stack.pop()!;
    push(open.raw);
    for (const c of open.children) push(c);
  }
  return root.children;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text as HTML: its marks as tags, everything else escaped. */
export function choiceTextToHtml(text: string): string {
  const write = (nodes: ChoiceNode[]): string =>
    nodes
      .map((n) => (typeof n === 'string' ? escapeHtml(n) : n.tag === 'a' ? `<a href="${escapeHtml(n.href)}">${write(n.children)}</a>` : `<${n.tag}>${write(n.children)}</${n.tag}>`))
      .join('');
  return write(parseChoiceText(text));
}

/** The text without its marks (what a label or a comparison reads). */
export function choiceTextPlain(text: string): string {
  const read = (nodes: ChoiceNode[]): string => nodes.map((n) => (typeof n === 'string' ? n : read(n.children))).join('');
  return read(parseChoiceText(text));
}

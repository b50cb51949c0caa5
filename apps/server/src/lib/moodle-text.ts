// Moodle's text formats read as Moodle reads them, into the HTML of a statement or the text of a choice:
// « moodle » (auto-format: HTML kept, line breaks kept), « html » (as it is), « plain » (text, shown as written) and
// « markdown ». Choices keep their inline marks (italic, bold, underline, links…: see choice-text of the shared package).
import sanitizeHtml from 'sanitize-html';
import { CHOICE_MARKS } from '@exam/shared';

export type TextFormat = 'html' | 'moodle' | 'plain' | 'markdown';

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const BLOCK = /<(p|div|ul|ol|table|pre|h[1-6]|blockquote)\b/i;

/** Plain text as paragraphs (a blank line between them), its line breaks kept. */
export function plainToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Moodle's auto-format: the HTML written in it kept, its line breaks kept as such (outside block markup). */
export function moodleAutoToHtml(text: string): string {
  const t = text.trim();
  if (!t) return '';
  if (BLOCK.test(t)) return t;
  return t
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${p.trim().replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The inline Markdown of a line: code, bold, italic, links (the rest escaped). */
function inlineMarkdown(s: string): string {
  const codes: string[] = [];
  // Code spans are set aside behind a private-use marker, so that no emphasis is read inside them.
  let out = s.replace(/`([^`]+)`/g, (_m, c: string) => `\uE000${codes.push(c) - 1}\uE000`);
  out = escapeHtml(out)
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '<strong>$2</strong>')
    .replace(/(\*|_)(?=\S)([\s\S]*?\S)\1/g, '<em>$2</em>');
  return out.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => `<code>${escapeHtml(codes[Number(i)]!)}</code>`);
}

/** Markdown as Moodle renders it, for what statements use: headings, paragraphs, lists, code blocks, emphasis, links. */
export function markdownToHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let para: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (para.length) out.push(`<p>${para.map(inlineMarkdown).join('<br>')}</p>`);
    para = [];
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inlineMarkdown(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^```/.test(line.trim())) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^```/.test(lines[i]!.trim())) code.push(lines[i]!);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      out.push(`<h${heading[1]!.length}>${inlineMarkdown(heading[2]!)}</h${heading[1]!.length}>`);
    } else if (bullet || numbered) {
      const tag = bullet ? 'ul' : 'ol';
      if (para.length || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return out.join('');
}

export function toHtml(text: string, format: TextFormat): string {
  switch (format) {
    case 'html':
      return text.trim();
    case 'plain':
      return plainToHtml(text);
    case 'markdown':
      return markdownToHtml(text);
    case 'moodle':
      return moodleAutoToHtml(text);
  }
}

const CHOICE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CHOICE_MARKS, 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  // A link to anything but an http(s) address keeps its text only.
  transformTags: {
    a: (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag =>
      attribs.href && /^https?:\/\//i.test(attribs.href) ? { tagName, attribs: { href: attribs.href } } : { tagName: 'span', attribs: {} },
  },
};

const decode = (s: string) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&#(\d{1,7});/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_m, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A choice's text from HTML: its inline marks kept (italic, bold, underline, sub/superscript, code, http links),
 *  the rest as plain text on one line (images and other markup dropped: the caller says so). */
export function htmlToChoiceText(html: string): string {
  const flat = html.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|td|th)>/gi, ' ');
  const clean = sanitizeHtml(flat, CHOICE_OPTIONS);
  // Entities are read in the text between the marks only.
  const parts = clean.split(/(<\/?(?:i|em|b|strong|u|sub|sup|code)>|<a href="[^"]*">|<\/a>)/g);
  return parts
    .map((p, i) => (i % 2 === 1 ? p.replace(/&amp;/g, '&') : decode(p)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A choice's text from text in one of Moodle's formats. */
export function choiceText(text: string, format: TextFormat): string {
  if (format === 'plain') return text.replace(/\s+/g, ' ').trim();
  return htmlToChoiceText(format === 'markdown' ? markdownToHtml(text) : text);
}

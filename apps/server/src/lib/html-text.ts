// Plain text of the rich-text HTML (chapters, question statements) for excerpts and search columns.
// Formulas (elements carrying data-latex) become their LaTeX; in an excerpt they are kept between \( and \)
// so that the web app can draw them with KaTeX, and an excerpt never cuts a formula in two.

const BLOCK_TAGS = /<\/?(p|div|br|li|ul|ol|h[1-6]|pre|blockquote|tr|td|th|table|figure|hr|img)\b[^>]*>/gi;

const NAMED = { rsquo: '’', lsquo: '‘', laquo: '«', raquo: '»', hellip: '…', ndash: '–', mdash: '—', rdquo: '”', ldquo: '“' };

function decodeEntities(s: string): string {
  return s
    .replace(/&nbsp;|&#160;|&#x0*a0;/gi, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&#x0*27;|&apos;/gi, "'")
    .replace(/&(rsquo|lsquo|laquo|raquo|hellip|ndash|mdash|rdquo|ldquo);/g, (_m, name: keyof typeof NAMED) => NAMED[name])
    .replace(/&#(\d{1,6});/g, (m, n: string) => safeChar(Number(n), m))
    .replace(/&#x([0-9a-f]{1,6});/gi, (m, n: string) => safeChar(parseInt(n, 16), m))
    .replace(/&amp;/g, '&');
}

function safeChar(code: number, fallback: string): string {
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : fallback;
}

/**
 * Text of an HTML fragment: scripts and styles dropped, a space where a block or line ends (none inside a
 * word split by inline tags such as <strong>), entities read, spaces folded.
 * `math: 'delimited'` writes formulas as \(latex\); 'plain' writes the bare LaTeX (for search).
 */
export function htmlToText(html: string, opts: { math?: 'plain' | 'delimited' } = {}): string {
  const delimited = opts.math === 'delimited';
  return (
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      // A formula node: its LaTeX (the attribute), not what the editor may have drawn inside it.
      .replace(/<(span|div)\b[^>]*\bdata-latex="([^"]*)"[^>]*>(?:[\s\S]*?<\/\1>)?/gi, (_m, tag: string, latex: string) => {
        const source = decodeEntities(latex).replace(/\s+/g, ' ').trim();
        if (!source) return ' ';
        const text = delimited ? `\\(${source.replace(/\\\)/g, '\\ )')}\\)` : source;
        // Entities are read once at the end: keep the formula's < > & as entities until then.
        const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        return tag.toLowerCase() === 'div' ? ` ${escaped} ` : escaped;
      })
      .replace(BLOCK_TAGS, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/<[^>]*$/, '')
      .replace(/&[^;\s]{1,10};/g, (e) => decodeEntities(e))
      // Ordinary white space folded; the thin and no-break spaces of French typography are kept.
      .replace(/[ \t\n\r\f\v]+/g, ' ')
      .trim()
  );
}

/**
 * At most about `max` characters of a text from htmlToText (cut on a word boundary, with « … »), never
 * inside a \( … \) formula: a formula that would be cut is left out whole.
 */
export function excerptOf(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  const open = cut.lastIndexOf('\\(');
  if (open >= 0 && cut.indexOf('\\)', open) < 0) cut = cut.slice(0, open);
  return `${cut.trimEnd()}…`;
}

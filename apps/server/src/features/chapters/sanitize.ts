// Server-side cleaning of chapter HTML from the rich text editor: an allow-list of tags, attributes,
// classes and URL schemes, so no script, event handler or javascript: URL survives.
// Maths is kept as <span|div data-type="math-inline|math-block" data-latex="…">; code blocks keep
// their `language-*` class for highlighting.
import sanitizeHtml from 'sanitize-html';

const MATH_TYPES = new Set(['math-inline', 'math-block']);

// Images come only from the platform's own files, in the form the editor inserts after an upload
// (`inline_url` of a saved file). An image from any other address would make every reader's browser
// call a third party, which then learns who reads the course (GDPR); such <img> is removed.
// Outside addresses stay allowed as links (<a href>), which are only followed on a click.
const OWN_IMAGE_SRC = /^\/api\/files\/\d{1,10}\/inline\/[A-Za-z0-9]{1,128}$/;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote',
    'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'code', 'pre', 'span', 'div',
    'ul', 'ol', 'li', 'a', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['data-type', 'data-latex'],
    div: ['data-type', 'data-latex'],
    ol: ['start', 'type'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['span', 'style'],
    p: ['style'],
    h1: ['style'], h2: ['style'], h3: ['style'], h4: ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': [/^(left|right|center|justify)$/] },
    col: { width: [/^\d{1,4}px$/], 'min-width': [/^\d{1,4}px$/] },
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/], pre: [/^language-[a-z0-9+#-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text of dropped dangerous elements must vanish too (sanitize-html keeps text of unknown tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      if (out.href && /^https?:/i.test(out.href)) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer nofollow';
      } else {
        delete out.target;
        delete out.rel;
      }
      return { tagName, attribs: out };
    },
    span: mathTransform('span'),
    div: mathTransform('div'),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE_SRC.test(frame.attribs.src ?? ''),
};

function mathTransform(tag: 'span' | 'div'): sanitizeHtml.Transformer {
  return (_tagName, attribs) => {
    const type = attribs['data-type'] ?? '';
    const out: sanitizeHtml.Attributes = {};
    if (MATH_TYPES.has(type)) {
      out['data-type'] = type;
      out['data-latex'] = (attribs['data-latex'] ?? '').slice(0, 5000);
    }
    return { tagName: tag, attribs: out };
  };
}

/** Cleans editor HTML; the result is safe to render with innerHTML. */
export function sanitizeChapterHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Ids of our own files shown inline in the content (images), so deleting them can be refused. */
export function inlineFileIds(html: string): number[] {
  const ids = new Set<number>();
  for (const m of html.matchAll(/\/api\/files\/(\d{1,9})\/inline\//g)) ids.add(Number(m[1]));
  return [...ids];
}

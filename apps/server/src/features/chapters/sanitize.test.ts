// The chapter sanitiser against known XSS payloads, and what it must keep for teaching content.
import { describe, expect, it } from 'vitest';
import { inlineFileIds, sanitizeChapterHtml } from './sanitize';

// Classic vectors (OWASP XSS filter evasion cheat sheet, html5sec.org).
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<a href="javascript:alert(1)">clic</a>',
  '<a href=" &#14;  javascript:alert(1)">clic</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>',
  '<a href="vbscript:msgbox(1)">clic</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<span data-type="math-inline" data-latex="x" onmouseover="alert(1)">x</span>',
  '<pre><code class="language-python" onclick="alert(1)">print(1)</code></pre>',
  '<table background="javascript:alert(1)"><tr><td onclick=alert(1)>x</td></tr></table>',
  '<<script>alert(1);//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><img src=x onerror=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="https://ok.example" onclick="alert(1)">lien</a>',
  '<template><script>alert(1)</script></template>',
];

function assertSafe(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/vbscript:/i);
  expect(html).not.toMatch(/data:text/i);
  expect(html).not.toMatch(/<(iframe|object|embed|svg|math|style|form|input|meta|base|link|body|details|video|template)\b/i);
  expect(html).not.toMatch(/expression\(/i);
}

describe('sanitizeChapterHtml', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeChapterHtml(payload);
    assertSafe(out);
    // Running the cleaner twice changes nothing more: the output is a fixed point.
    expect(sanitizeChapterHtml(out)).toBe(out);
  });

  it('keeps headings, lists, tables, links, images, code blocks with language and maths', () => {
    const html = [
      '<h2>Lois usuelles</h2>',
      '<p style="text-align: center">Texte <strong>gras</strong> et <em>italique</em></p>',
      '<ul><li>un</li></ul><ol start="3"><li>trois</li></ol>',
      '<table><tbody><tr><th colspan="2">Loi</th></tr><tr><td>Normale</td><td>Poisson</td></tr></tbody></table>',
      '<a href="https://cran.r-project.org">CRAN</a>',
      '<img src="/api/files/12/inline/' + 'a'.repeat(64) + '" alt="histogramme">',
      '<pre><code class="language-python">print("x &lt; 2")</code></pre>',
      '<pre><code class="language-r">x &lt;- c(1, 2)</code></pre>',
      '<p>Soit <span data-type="math-inline" data-latex="\\frac{a}{b}">\\frac{a}{b}</span></p>',
      '<div data-type="math-block" data-latex="\\int_0^1 x^2\\,dx = \\frac13"></div>',
    ].join('');
    const out = sanitizeChapterHtml(html);
    expect(out).toContain('<h2>Lois usuelles</h2>');
    expect(out).toContain('<p style="text-align:center">');
    expect(out).toContain('<ol start="3">');
    expect(out).toContain('<th colspan="2">Loi</th>');
    expect(out).toContain('<a href="https://cran.r-project.org" target="_blank" rel="noopener noreferrer nofollow">CRAN</a>');
    expect(out).toContain(`<img src="/api/files/12/inline/${'a'.repeat(64)}" alt="histogramme" />`);
    expect(out).toContain('<code class="language-python">print("x &lt; 2")</code>');
    expect(out).toContain('<code class="language-r">');
    expect(out).toContain('<span data-type="math-inline" data-latex="\\frac{a}{b}">');
    expect(out).toContain('<div data-type="math-block" data-latex="\\int_0^1 x^2\\,dx = \\frac13"></div>');
    expect(inlineFileIds(out)).toEqual([12]);
  });

  it('keeps images from our own files only, and outside links', () => {
    const own = `/api/files/7/inline/${'b'.repeat(64)}`;
    const outside = [
      '<img src="https://tracker.example/pixel.png" alt="x">',
      '<img src="http://tracker.example/pixel.png">',
      '<img src="//tracker.example/pixel.png">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="/api/files/7/inline/../../../../evil">',
      '<img src="/api/files/7/download?x=https://tracker.example">',
      '<img src="https://tracker.example/api/files/7/inline/abc">',
      '<img src=" https://tracker.example/p.png">',
      '<img src="\\\\tracker.example/p.png">',
      '<img srcset="https://tracker.example/p.png 1x" src="' + own + '">',
    ];
    for (const html of outside) {
      const out = sanitizeChapterHtml(`<p>avant</p>${html}<p>après</p>`);
      expect(out).not.toMatch(/tracker|data:|\.\./);
      expect(out).toContain('<p>avant</p>');
    }
    expect(sanitizeChapterHtml(`<p><img src="${own}" alt="graphe"></p>`)).toBe(`<p><img src="${own}" alt="graphe" /></p>`);
    expect(sanitizeChapterHtml('<a href="https://tracker.example/page">voir</a>')).toBe(
      '<a href="https://tracker.example/page" target="_blank" rel="noopener noreferrer nofollow">voir</a>',
    );
  });

  it('drops unknown classes, styles and data attributes', () => {
    const out = sanitizeChapterHtml('<code class="language-python evil">x</code><span class="x" data-foo="1" style="color:red">t</span><span data-type="other" data-latex="1">u</span>');
    expect(out).toBe('<code class="language-python">x</code><span>t</span><span>u</span>');
  });
});

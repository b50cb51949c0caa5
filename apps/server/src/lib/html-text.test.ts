import { describe, expect, it } from 'vitest';
import { excerptOf, htmlToText } from './html-text';

describe('htmlToText', () => {
  const statement =
    '<p>Simplifiez <span data-type="math-inline" data-latex="\\frac{x^2 - 1}{x &lt; 1}"></span> pour <strong>x</strong>&nbsp;≠&nbsp;1.</p><p>D&#39;abord&#x2009;: l&rsquo;<em>idée</em>.</p>';

  it('keeps formulas between \\( and \\) for excerpts, with no tag left and no space before punctuation', () => {
    expect(htmlToText(statement, { math: 'delimited' })).toBe("Simplifiez \\(\\frac{x^2 - 1}{x < 1}\\) pour x ≠ 1. D'abord\u2009: l’idée.");
  });

  it('writes bare LaTeX for search', () => {
    expect(htmlToText(statement)).toBe("Simplifiez \\frac{x^2 - 1}{x < 1} pour x ≠ 1. D'abord\u2009: l’idée.");
  });

  it('drops a tag cut at the end of a truncated statement, scripts and styles', () => {
    expect(htmlToText('<p>Un</p><script>alert(1)</script><p>deux <span data-type="math-inl')).toBe('Un deux');
  });

  it('reads a block formula and a code block', () => {
    expect(htmlToText('<p>Soit</p><div data-latex="a+b" data-type="math-block"></div><pre><code>print(1)</code></pre>', { math: 'delimited' })).toBe(
      'Soit \\(a+b\\) print(1)',
    );
  });
});

describe('excerptOf', () => {
  it('leaves a short text alone and cuts a long one on a word boundary', () => {
    expect(excerptOf('court', 10)).toBe('court');
    expect(excerptOf('un deux trois quatre cinq', 16)).toBe('un deux trois…');
  });

  it('never cuts inside a formula: a formula that does not fit is left out whole', () => {
    const text = 'Calculez \\(\\int_0^1 x^2 \\, dx\\) puis concluez';
    expect(excerptOf(text, 20)).toBe('Calculez…');
    expect(excerptOf(text, 36)).toBe('Calculez \\(\\int_0^1 x^2 \\, dx\\)…');
  });
});

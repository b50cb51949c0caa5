// A choice's inline marks: read as marks only when they are the few kept (never any other markup), written back as
// HTML with everything else escaped, and dropped for the plain text.
import { describe, expect, it } from 'vitest';
import { choiceTextPlain, choiceTextToHtml, parseChoiceText } from './choice-text';

describe('choice text', () => {
  it('reads the kept marks, nested, and links to http(s) addresses', () => {
    expect(parseChoiceText('<i>Homo <b>sapiens</b></i> et <a href="https://example.org/h">la fiche</a>')).toEqual([
      { tag: 'i', children: ['Homo ', { tag: 'b', children: ['sapiens'] }] },
      ' et ',
      { tag: 'a', href: 'https://example.org/h', children: ['la fiche'] },
    ]);
  });

  it('keeps as text what is not a kept mark: comparisons, other tags, a mark never closed or closed alone', () => {
    expect(parseChoiceText('a < b et b > c')).toEqual(['a < b et b > c']);
    expect(parseChoiceText('<script>x</script>')).toEqual(['<script>x</script>']);
    expect(parseChoiceText('<a href="javascript:alert(1)">x</a>')).toEqual(['<a href="javascript:alert(1)">x</a>']);
    expect(parseChoiceText('<i>ouvert')).toEqual(['<i>ouvert']);
    expect(parseChoiceText('fermé</u>')).toEqual(['fermé</u>']);
  });

  it('writes HTML with the rest escaped, and plain text without the marks', () => {
    expect(choiceTextToHtml('<u>x</u> < 2 & "y"')).toBe('<u>x</u> &lt; 2 &amp; &quot;y&quot;');
    expect(choiceTextToHtml('<script>x</script>')).toBe('&lt;script&gt;x&lt;/script&gt;');
    expect(choiceTextPlain('<sub>2</sub>O et <code>print()</code>')).toBe('2O et print()');
  });
});

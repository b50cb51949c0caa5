import { describe, expect, it } from 'vitest';
import { tokenize } from './highlight';

const classes = (src: string, lang: 'python' | 'r') => tokenize(src, lang).filter(([, c]) => c).map(([t, c]) => `${c}:${t}`);

describe('tokenize', () => {
  it('marks Python keywords, strings, numbers, comments and calls', () => {
    expect(classes('def f(x):\n    return "a#b" + 2.5  # fin', 'python')).toEqual([
      'hljs-keyword:def',
      'hljs-title function_:f',
      'hljs-keyword:return',
      'hljs-string:"a#b"',
      'hljs-number:2.5',
      'hljs-comment:# fin',
    ]);
    expect(classes('statistics.mean(x)', 'python')).toEqual(['hljs-title function_:mean']);
  });

  it('keeps R dotted names whole and knows its literals', () => {
    expect(classes('df <- data.frame(a = TRUE)', 'r')).toEqual(['hljs-built_in:data.frame', 'hljs-literal:TRUE']);
  });

  it('gives back the source unchanged when joined', () => {
    const src = 'x <- c(1, 2) # somme\ncat(sum(x), "\\n")';
    expect(tokenize(src, 'r').map(([t]) => t).join('')).toBe(src);
  });
});

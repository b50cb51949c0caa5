// EXACT matching: text normalisation, French number reading, tolerances.
import { describe, expect, it } from 'vitest';
import { matchesExact, normalizeText, numbersMatch, parseNumber } from './exact';

describe('normalizeText', () => {
  it('ignores case, accents, surrounding and repeated spaces', () => {
    expect(normalizeText('  Élève   Ça  VA\t\n ')).toBe('eleve ca va');
    expect(normalizeText('e\u0301te\u0301')).toBe('ete'); // already decomposed
    expect(normalizeText('Noël\u00A0à\u202FParis')).toBe('noel a paris');
  });

  it('reads typographic apostrophes and ligatures as a keyboard writes them', () => {
    expect(normalizeText('L’Œuvre d‘art')).toBe("l'oeuvre d'art");
    expect(normalizeText('Cæsar')).toBe('caesar');
  });
});

describe('parseNumber', () => {
  it.each([
    ['3.14', 3.14],
    ['3,14', 3.14],
    [' -2,5 ', -2.5],
    ['\u22122,5', -2.5],
    ['+7', 7],
    ['42', 42],
    [',5', 0.5],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1,5e-3', 0.0015],
    ['2.5E+2', 250],
    ['1 000', 1000],
    ['1 000,5', 1000.5],
    ['1\u00A0000,5', 1000.5],
    ['12\u202F345\u202F678.25', 12345678.25],
    ['-1 000 000', -1000000],
    ['1,000', 1], // a comma is the decimal separator
    ['0', 0],
    ['-0', -0],
  ])('%j → %d', (text, n) => {
    expect(parseNumber(text)).toBe(n);
  });

  it.each(['', ' ', '.', ',', '-', 'e5', 'abc', '3,14,15', '1.000,5', '1,000.5', '1 00', '10 00', '1  000', '3.14 m', '1/2', 'Infinity', 'NaN', '0x10', '1e999'])(
    '%j is not a number',
    (text) => {
      expect(parseNumber(text)).toBeNull();
    },
  );
});

describe('numbersMatch', () => {
  it('is exact without a tolerance, up to binary rounding', () => {
    expect(numbersMatch(0.1 + 0.2, 0.3, null)).toBe(true);
    expect(numbersMatch(3.141, 3.14, null)).toBe(false);
    expect(numbersMatch(1, 1, { kind: 'absolute', value: 0 })).toBe(true);
  });

  it('applies an absolute tolerance, bound included', () => {
    const t = { kind: 'absolute' as const, value: 0.01 };
    expect(numbersMatch(3.15, 3.14, t)).toBe(true);
    expect(numbersMatch(3.13, 3.14, t)).toBe(true);
    expect(numbersMatch(3.1501, 3.14, t)).toBe(false);
  });

  it('applies a relative tolerance, a share of the expected value', () => {
    const t = { kind: 'relative' as const, value: 0.05 };
    expect(numbersMatch(105, 100, t)).toBe(true);
    expect(numbersMatch(95, 100, t)).toBe(true);
    expect(numbersMatch(105.1, 100, t)).toBe(false);
    expect(numbersMatch(-1.04, -1, t)).toBe(true);
    expect(numbersMatch(0.0001, 0, t)).toBe(false);
    expect(numbersMatch(0, 0, t)).toBe(true);
  });
});

describe('matchesExact', () => {
  it('accepts any of the accepted answers, forgiving case, accents and spaces', () => {
    expect(matchesExact('  la   REVOLUTION française ', ['La Révolution française'], null)).toBe(true);
    expect(matchesExact('Paris', ['Lyon', 'paris'], null)).toBe(true);
    expect(matchesExact('Pari', ['Paris'], null)).toBe(false);
    expect(matchesExact('Paris.', ['Paris'], null)).toBe(false);
  });

  it('never accepts an empty answer', () => {
    expect(matchesExact('', [''], null)).toBe(false);
    expect(matchesExact('   ', [' '], null)).toBe(false);
  });

  it('reads a French decimal comma and thousands spaces', () => {
    expect(matchesExact('3,14', ['3.14'], null)).toBe(true);
    expect(matchesExact('3.14', ['3,14'], null)).toBe(true);
    expect(matchesExact('1 000,5', ['1000.5'], null)).toBe(true);
    expect(matchesExact('1000,50', ['1 000,5'], null)).toBe(true);
    expect(matchesExact('3,140', ['3.14'], null)).toBe(true);
    expect(matchesExact('3,15', ['3.14'], null)).toBe(false);
  });

  it('applies the tolerance to numeric accepted answers', () => {
    expect(matchesExact('3,15', ['3.14'], { kind: 'absolute', value: 0.01 })).toBe(true);
    expect(matchesExact('3,16', ['3.14'], { kind: 'absolute', value: 0.01 })).toBe(false);
    expect(matchesExact('9,6', ['10'], { kind: 'relative', value: 0.05 })).toBe(true);
    expect(matchesExact('9,4', ['10'], { kind: 'relative', value: 0.05 })).toBe(false);
    // The closest accepted answer counts.
    expect(matchesExact('20,1', ['10', '20'], { kind: 'absolute', value: 0.5 })).toBe(true);
  });

  it('compares as text when the accepted answer or the answer is not a number', () => {
    expect(matchesExact('3.14 m', ['3.14 m'], { kind: 'absolute', value: 1 })).toBe(true);
    expect(matchesExact('3 m', ['3.14 m'], { kind: 'absolute', value: 1 })).toBe(false);
    expect(matchesExact('pi', ['3.14'], { kind: 'absolute', value: 1 })).toBe(false);
    expect(matchesExact('Pi', ['pi', '3.14'], { kind: 'absolute', value: 0.01 })).toBe(true);
    expect(matchesExact('3,14', ['pi', '3.14'], { kind: 'absolute', value: 0.01 })).toBe(true);
  });
});

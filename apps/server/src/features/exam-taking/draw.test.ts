// The draw of one student's exam, as a pure function: how many questions each section gives, which ones (each
// candidate as likely as another), in which order, and which variant.
import { describe, expect, it } from 'vitest';
import { drawQuestions, type Candidate } from './draw';

const c = (question_id: number, section: number, question_version_id: number | null = null): Candidate => ({ question_id, section, points: 2, question_version_id });

describe('drawQuestions', () => {
  it('gives every question of a section without a draw, in its order, numbered from 1', () => {
    const drawn = drawQuestions([{ position: 1, pick: null, shuffle: 0 }], [c(5, 1), c(3, 1), c(9, 1)]);
    expect(drawn.map((d) => [d.question_id, d.position])).toEqual([
      [5, 1],
      [3, 2],
      [9, 3],
    ]);
  });

  it('treats a question whose section has no rule (an exam from before sections) as given, in order', () => {
    expect(drawQuestions([], [c(1, 1), c(2, 1)]).map((d) => d.question_id)).toEqual([1, 2]);
  });

  it('draws `pick` questions of a section, each candidate equally likely, kept in the section order', () => {
    const sections = [
      { position: 1, pick: null, shuffle: 0 },
      { position: 2, pick: 2, shuffle: 0 },
    ];
    const candidates = [c(1, 1), c(10, 2), c(11, 2), c(12, 2), c(13, 2)];
    const counts = new Map<number, number>();
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const drawn = drawQuestions(sections, candidates).map((d) => d.question_id);
      expect(drawn).toHaveLength(3);
      expect(drawn[0]).toBe(1);
      expect(drawn[1]).toBeLessThan(drawn[2]);
      for (const q of drawn.slice(1)) counts.set(q, (counts.get(q) ?? 0) + 1);
    }
    // Each of the 4 candidates is drawn with probability 1/2: 2,000 times out of 4,000, give or take 6 %.
    for (const q of [10, 11, 12, 13]) expect(Math.abs((counts.get(q) ?? 0) - n / 2)).toBeLessThan(n * 0.06);
  });

  it('gives a shuffling section every order', () => {
    const orders = new Set<string>();
    for (let i = 0; i < 500; i++) orders.add(drawQuestions([{ position: 1, pick: null, shuffle: 1 }], [c(1, 1), c(2, 1), c(3, 1)]).map((d) => d.question_id).join());
    expect(orders.size).toBe(6);
  });

  it('pins each drawn question to one of the variant seeds made for its version', () => {
    const seeds = new Map<number | null, number[]>([[7, [101, 102, 103]]]);
    const got = new Set<number | null>();
    for (let i = 0; i < 200; i++) {
      const [p, plain] = drawQuestions([{ position: 1, pick: null, shuffle: 0 }], [c(1, 1, 7), c(2, 1)], (v) => seeds.get(v) ?? []);
      expect(p.question_version_id).toBe(7);
      got.add(p.variant_seed);
      expect(plain.variant_seed).toBeNull();
    }
    expect([...got].sort()).toEqual([101, 102, 103]);
  });
});

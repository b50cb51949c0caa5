// Each student's own exam, drawn once at their start: from each section in order, `pick` of its candidate
// questions (all when null), in the section's order or, when the section says so, in an order of their own. The
// draw is stored with the attempt (exam_attempt_questions) and every later read goes through it, so it stays the
// same across reloads and devices, and staff see what each student was given.
import { randomInt } from 'node:crypto';

export interface Candidate {
  question_id: number;
  section: number;
  points: number;
  /** Pinned when the exam was published (null: the question as it stands). */
  question_version_id: number | null;
}

export interface SectionRule {
  position: number;
  pick: number | null;
  shuffle: number;
}

export interface DrawnQuestion extends Candidate {
  position: number;
  variant_seed: number | null;
}

/** A uniform random order (Fisher–Yates); `rand(n)` gives an integer in [0, n). */
function shuffled<T>(items: readonly T[], rand: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The questions one student gets, numbered from 1. `candidates` come in the exam's order; `seedsOf` gives the
 * variant seeds made for a version at publication (none: not parameterised), one of which is drawn.
 */
export function drawQuestions(
  sections: readonly SectionRule[],
  candidates: readonly Candidate[],
  seedsOf: (versionId: number | null) => readonly number[] = () => [],
  rand: (n: number) => number = (n) => randomInt(n),
): DrawnQuestion[] {
  const out: DrawnQuestion[] = [];
  // A question whose section has no rule (an exam written before sections) is in a section that gives all, in order.
  const positions = [...new Set([...sections.map((s) => s.position), ...candidates.map((c) => c.section)])].sort((a, b) => a - b);
  const rules = positions.map((position) => sections.find((s) => s.position === position) ?? { position, pick: null, shuffle: 0 });
  for (const s of rules) {
    const inSection = candidates.filter((c) => c.section === s.position);
    const n = s.pick === null ? inSection.length : Math.min(s.pick, inSection.length);
    // Which questions: a uniform sample; kept in the section's order unless the section shuffles.
    const chosen = n === inSection.length ? inSection : new Set(shuffled(inSection, rand).slice(0, n));
    const kept = inSection.filter((c) => (chosen instanceof Set ? chosen.has(c) : true));
    for (const c of s.shuffle ? shuffled(kept, rand) : kept) {
      const seeds = seedsOf(c.question_version_id);
      out.push({ ...c, position: out.length + 1, variant_seed: seeds.length ? seeds[rand(seeds.length)] : null });
    }
  }
  return out;
}

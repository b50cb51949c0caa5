// What a reader (Moodle XML or GIFT) makes of each question of a file, before any check against our rules.
import type { ImportOutcome, QuestionInput } from '@exam/shared';

/** A file embedded in the statement (`@@PLUGINFILE@@/name` in Moodle XML). */
export interface EmbeddedFile {
  name: string;
  content: Buffer;
}

export interface Candidate {
  index: number;
  line: number;
  name: string;
  source_type: string;
  /** `skipped` when there is no equivalent; otherwise what the mapping alone says. */
  outcome: Exclude<ImportOutcome, 'failed'>;
  notes: string[];
  /** The question as our API would receive it; its statement may still refer to `@@PLUGINFILE@@/name`. */
  input?: QuestionInput;
  files: EmbeddedFile[];
}

export const PLUGINFILE = '@@PLUGINFILE@@';

/** A candidate with no equivalent here. */
export function skipped(base: Pick<Candidate, 'index' | 'line' | 'name' | 'source_type'>, why: string): Candidate {
  return { ...base, outcome: 'skipped', notes: [why], files: [] };
}


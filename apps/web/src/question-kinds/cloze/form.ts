// The CLOZE kind's part of the question editor: its gaps, in order (gap n is the statement's marker {n}).
import type { ClozeGapKind } from '@exam/shared';

export interface ClozeGapForm {
  id?: number;
  kind: ClozeGapKind;
  /** Right choices, accepted answers or expected numbers, one a line. */
  answers: string;
  /** A list's wrong choices, one a line. */
  wrong: string;
  caseSensitive: boolean;
  /** A number's tolerance as written (0,01 or 5 %). */
  tolerance: string;
  weight: number | string;
}
export interface ClozeForm {
  clozeGaps: ClozeGapForm[];
}

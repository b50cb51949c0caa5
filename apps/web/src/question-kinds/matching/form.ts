// The MATCHING kind's part of the question editor: its items with their answers, the extra answers, the scoring.
import type { MatchingScoring } from '@exam/shared';

export interface MatchingPair {
  id?: number;
  item: string;
  answer: string;
}
export interface MatchingDistractor {
  id?: number;
  answer: string;
}
export interface MatchingForm {
  pairs: MatchingPair[];
  distractors: MatchingDistractor[];
  scoring: MatchingScoring;
}

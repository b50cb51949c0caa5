// Table types of similar programs (migrations 025-similarity, 048-practice-similarity); what each holds and how long:
// docs/correction.md.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string | undefined, string>;

export interface SimilarityAnalysesTable {
  id: Generated<number>;
  exam_id: number;
  question_id: number;
  status: ColumnType<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED', 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | undefined, 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>;
  progress: ColumnType<number, number | undefined, number>;
  programs: ColumnType<number, number | undefined, number>;
  pair_count: ColumnType<number, number | undefined, number>;
  /** Counts of every pair's similarity in equal bins from 0 to 1. */
  histogram: Jsonb<number[]>;
  trigger: 'STAFF' | 'CLOSE';
  requested_by: number | null;
  requested_at: Generated<Timestamp>;
  started_at: Timestamp | null;
  /** Written while the comparison runs; a RUNNING row whose beat is old lost its process and is taken again. */
  beat_at: Timestamp | null;
  finished_at: Timestamp | null;
  error: string | null;
}

export interface SimilarityProgramsTable {
  analysis_id: number;
  attempt_id: number;
  code: string;
  auto: ColumnType<number, number | undefined, number>;
}

export interface SimilarityPairsTable {
  analysis_id: number;
  left_attempt_id: number;
  right_attempt_id: number;
  similarity: number;
  longest: number;
  /** [{ left: [l0, c0, l1, c1], right: [...], kgrams }], the longest first. */
  fragments: Jsonb<Array<{ left: number[]; right: number[]; kgrams: number }>>;
}

export interface SimilarityCasesTable {
  id: Generated<number>;
  exam_id: number;
  question_id: number;
  status: ColumnType<'OPEN' | 'DECIDED', 'OPEN' | 'DECIDED' | undefined, 'OPEN' | 'DECIDED'>;
  decision: 'NO_ACTION' | 'MARK_CHANGED' | null;
  created_by: number | null;
  created_at: Generated<Timestamp>;
}

export interface SimilarityCaseMembersTable {
  case_id: number;
  attempt_id: number;
}

export interface SimilarityCaseStepsTable {
  id: Generated<number>;
  case_id: number;
  type: 'FLAG' | 'NOTE' | 'MESSAGE' | 'REPLY' | 'DECISION';
  text: string;
  attempt_id: number | null;
  decision: 'NO_ACTION' | 'MARK_CHANGED' | null;
  new_points: number | null;
  author_id: number | null;
  /** The author's name as it was (kept when the account goes). */
  author: string;
  at: Generated<Timestamp>;
}

/** A practice exercise's comparison (migration 048), on a teacher's demand. */
export interface PracticeSimilarityAnalysesTable {
  id: Generated<number>;
  question_id: number;
  status: ColumnType<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED', 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | undefined, 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>;
  progress: ColumnType<number, number | undefined, number>;
  programs: ColumnType<number, number | undefined, number>;
  pair_count: ColumnType<number, number | undefined, number>;
  histogram: Jsonb<number[]>;
  requested_by: number | null;
  requested_at: Generated<Timestamp>;
  started_at: Timestamp | null;
  beat_at: Timestamp | null;
  finished_at: Timestamp | null;
  error: string | null;
}

/** Two students' practice tries (their last program for the exercise) and what they share. */
export interface PracticeSimilarityPairsTable {
  analysis_id: number;
  left_try_id: number;
  right_try_id: number;
  similarity: number;
  longest: number;
  fragments: Jsonb<Array<{ left: number[]; right: number[]; kgrams: number }>>;
}

export interface SimilarityDatabase {
  practice_similarity_analyses: PracticeSimilarityAnalysesTable;
  practice_similarity_pairs: PracticeSimilarityPairsTable;
  similarity_analyses: SimilarityAnalysesTable;
  similarity_programs: SimilarityProgramsTable;
  similarity_pairs: SimilarityPairsTable;
  similarity_cases: SimilarityCasesTable;
  similarity_case_members: SimilarityCaseMembersTable;
  similarity_case_steps: SimilarityCaseStepsTable;
}

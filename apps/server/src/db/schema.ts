// Table types for Kysely. Each feature adds its tables here alongside its migration.
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { LtiDatabase } from './schema-lti';
import type { SimilarityDatabase } from './schema-similarity';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** DATE columns are read back as 'YYYY-MM-DD' strings (the pg type parser is set so). */
type DateOnly = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<number>;
  last_name: string;
  first_name: string;
  email: string;
  password_hash: string;
  role: 'ADMIN' | 'TEACHER' | 'STUDENT';
  is_premium: ColumnType<number, number | undefined, number>;
  student_number: string | null;
  must_change_password: ColumnType<number, number | undefined, number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Folded names, email and number, computed by the database (migration 003-people-search). */
  search_text: ColumnType<string, never, never>;
  /** Tiers-temps: timed exams last duration × this factor (1..3, migration 006-extra-time-factor). */
  extra_time_factor: ColumnType<number, number | string | undefined, number | string>;
  /** Why the student has accommodations: 'TIERS_TEMPS' or 'AUTRE' (never the medical detail); null: none. */
  accommodation_reason: ColumnType<'TIERS_TEMPS' | 'AUTRE' | null, 'TIERS_TEMPS' | 'AUTRE' | null | undefined, 'TIERS_TEMPS' | 'AUTRE' | null>;
  /** 1: composes in a separate room (noted on the live page). */
  separate_room: ColumnType<number, number | undefined, number>;
  /** 1: the exam page shows larger text. */
  large_text: ColumnType<number, number | undefined, number>;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface AcademicYearsTable {
  id: Generated<number>;
  label: string;
  start_date: DateOnly;
  end_date: DateOnly;
  access_start: DateOnly;
  access_end: DateOnly;
  is_current: ColumnType<number, number | undefined, number>;
  created_at: Generated<Timestamp>;
  /** The year's jury (migration 030-retention); null: not set, so the year is never purged. */
  jury_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** Months after the jury its copies and personal data are kept (default 12). */
  retention_months: ColumnType<number, number | undefined, number>;
  /** When a sample of its copies was exported for the archives, and how many. */
  archive_sample_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  archive_sample_count: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Keeps a student's data past its retention (migration 030-retention): set by staff with a reason, released later. */
export interface RetentionHoldsTable {
  id: Generated<number>;
  user_id: number;
  /** Null: every year of the student. */
  academic_year_id: number | null;
  /** Null: every exam of the year. */
  exam_id: number | null;
  kind: 'APPEAL' | 'REPORT' | 'DISCIPLINARY';
  reason: string;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  released_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  released_by: number | null;
  release_reason: string | null;
}

/** A student's request that their data be erased (migration 031-data-requests), and the staff's decision. */
export interface DataDeletionRequestsTable {
  id: Generated<number>;
  /** Null once the request was granted (the account is gone). */
  user_id: number | null;
  message: ColumnType<string, string | undefined, string>;
  status: ColumnType<'PENDING' | 'GRANTED' | 'REFUSED', 'PENDING' | 'GRANTED' | 'REFUSED' | undefined, 'PENDING' | 'GRANTED' | 'REFUSED'>;
  created_at: Generated<Timestamp>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decided_by: number | null;
  decided_by_name: string | null;
  decision_reason: string | null;
}

/** One purge of a year's data (migration 030-retention): what went, by count, and its elimination record (PDF). */
export interface RetentionPurgesTable {
  id: Generated<number>;
  academic_year_id: number;
  year_label: string;
  run_by: number | null;
  run_by_name: string | null;
  run_at: ColumnType<Date, Date | string | undefined, never>;
  /** JSON (PurgeSummary of the retention feature): write with JSON.stringify, read back parsed. */
  summary: Json;
  pdf: Buffer;
}

export interface MentionsTable {
  id: Generated<number>;
  name: string;
  code: string;
  description: string | null;
  created_at: Generated<Timestamp>;
}

export interface SpecializationsTable {
  id: Generated<number>;
  name: string;
  code: string;
  level: string;
  mention_id: number;
  created_at: Generated<Timestamp>;
}

export interface StudentEnrolmentsTable {
  user_id: number;
  academic_year_id: number;
  specialization_id: number;
}

export interface CoursesTable {
  id: Generated<number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  academic_year_id: number;
  is_premium: ColumnType<number, number | undefined, number>;
  is_published: ColumnType<number, number | undefined, number>;
  author_id: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface CourseSpecializationsTable {
  course_id: number;
  specialization_id: number;
}

export interface ChaptersTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  content: ColumnType<string, string | undefined, string>;
  position: number;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface FilesTable {
  id: Generated<number>;
  hash: string;
  name: string;
  size: ColumnType<number, number, number>;
  mime: string;
  uploaded_by: number | null;
  created_at: Generated<Timestamp>;
}

export interface ChapterFilesTable {
  chapter_id: number;
  file_id: number;
  is_inline: ColumnType<number, number | undefined, number>;
  position: ColumnType<number, number | undefined, number>;
}

/** `numeric` columns (points, scores): read back as numbers (type parsers in db/index.ts). */
type Numeric = ColumnType<number, number | string | undefined, number | string>;
type Json = ColumnType<unknown, string, string>;

/** The kinds come from packages/shared (QUESTION_KINDS), each with its module on each side. */
export type QuestionKind = import('@exam/shared').QuestionKind;
/** The form a MATH answer must have (packages/shared). */
type MathForm = import('@exam/shared').MathForm;

export interface QuestionsTable {
  id: Generated<number>;
  type: QuestionKind;
  /** Sanitised rich HTML. */
  statement: ColumnType<string, string | undefined, string>;
  language: 'PYTHON' | 'R' | null;
  points: Numeric;
  course_id: number | null;
  chapter_id: number | null;
  is_practice: ColumnType<number, number | undefined, number>;
  starter_code: string | null;
  reference_solution: string | null;
  tolerance_kind: 'absolute' | 'relative' | null;
  tolerance_value: number | null;
  cpu_seconds: number | null;
  memory_mb: number | null;
  /** MATCHING: PARTIAL or ALL_OR_NOTHING (migration 021-matching); null for the other kinds. */
  scoring: ColumnType<'PARTIAL' | 'ALL_OR_NOTHING' | null, 'PARTIAL' | 'ALL_OR_NOTHING' | null | undefined, 'PARTIAL' | 'ALL_OR_NOTHING' | null>;
  /** MATH: the form required beside equivalence (migration 037-math-form); null for the other kinds. */
  math_form: ColumnType<MathForm | null, MathForm | null | undefined, MathForm | null>;
  /** ESSAY: word limit, response template, grader information (migration 040-essay); null for the other kinds. */
  essay: ColumnType<unknown, string | null | undefined, string | null>;
  /** FILE: accepted types, max files, max size, grader information (migration 046-file-answers); null for the other kinds. */
  file_answer: ColumnType<unknown, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Bumped on every update; a save with an older version is a concurrent edit (409). */
  version: Generated<number>;
  /** Folded plain text of statement and tags, written by the application for the list search. */
  search_text: ColumnType<string, string | undefined, string>;
  /** Python source of `generate(seed)` (migration 012-question-versions); null: not parameterised. */
  generator: ColumnType<string | null, string | null | undefined, string | null>;
  /** ALGORITHM: ALL_OR_NOTHING or PER_CASE; null: PER_CASE or another kind (migration 039-program-grading). */
  grading: ColumnType<'ALL_OR_NOTHING' | 'PER_CASE' | null, 'ALL_OR_NOTHING' | 'PER_CASE' | null | undefined, 'ALL_OR_NOTHING' | 'PER_CASE' | null>;
  /** ALGORITHM in Python: input() echoes what it reads (migration 039-program-grading). */
  echo_input: ColumnType<number, number | undefined, number>;
  /** Optional name (migration 044-question-names); null: the bank shows the statement's start. */
  name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One saved state of a question (migration 012-question-versions): what showing and grading it needs. */
export interface QuestionVersionsTable {
  id: Generated<number>;
  question_id: number;
  /** 1, 2, 3… per question. */
  number: number;
  /** JSON (QuestionSnapshot of the questions feature): write with JSON.stringify, read back parsed. */
  snapshot: Json;
  created_by: number | null;
  created_at: Generated<Timestamp>;
}

/** One variant of a parameterised version: the generator's values for a seed and the content they fill. */
export interface QuestionVariantsTable {
  id: Generated<number>;
  version_id: number;
  seed: number;
  /** JSON: write with JSON.stringify, read back parsed. */
  values: Json;
  /** JSON (statement and possible solutions filled in): write with JSON.stringify, read back parsed. */
  content: Json;
  created_at: Generated<Timestamp>;
}

export interface PossibleSolutionsTable {
  id: Generated<number>;
  question_id: number;
  position: number;
  content: ColumnType<string, string | undefined, string>;
  is_correct: ColumnType<number, number | undefined, number>;
  stdin: ColumnType<string, string | undefined, string>;
  expected_output: ColumnType<string, string | undefined, string>;
  is_hidden: ColumnType<number, number | undefined, number>;
  weight: ColumnType<number, number | undefined, number>;
  /** ALGORITHM: code run after the student's code in this case (migration 038-case-test-code). */
  test_code: ColumnType<string, string | undefined, string>;
  /** ALGORITHM: when the case's result is shown after grading; null: from is_hidden (migration 038-case-test-code). */
  display: ColumnType<'SHOW' | 'HIDE' | 'HIDE_IF_FAIL' | 'HIDE_IF_SUCCEED' | null, 'SHOW' | 'HIDE' | 'HIDE_IF_FAIL' | 'HIDE_IF_SUCCEED' | null | undefined, 'SHOW' | 'HIDE' | 'HIDE_IF_FAIL' | 'HIDE_IF_SUCCEED' | null>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface QuestionTagsTable {
  question_id: number;
  tag: string;
}

export interface QuestionFilesTable {
  question_id: number;
  file_id: number;
}

export type ExamStatus = 'DRAFT' | 'PUBLISHED' | 'CLOSED' | 'ARCHIVED';

export interface ExamsTable {
  id: Generated<number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  academic_year_id: number;
  start_at: Timestamp;
  end_at: Timestamp;
  duration_minutes: number | null;
  show_solutions_after_close: ColumnType<number, number | undefined, number>;
  /** 1: while answers wait for a person, students see the automatic part of their score, labelled provisional (040). */
  show_provisional_score: ColumnType<number, number | undefined, number>;
  status: ColumnType<ExamStatus, ExamStatus | undefined, ExamStatus>;
  /** Submissions allowed per question (null: no limit); a question of the exam may set its own. */
  max_submissions: ColumnType<number | null, number | null | undefined, number | null>;
  /** Fraction of a question's points taken off per wrong try before the one that counts (0: none). */
  wrong_try_penalty: ColumnType<number, number | string | undefined, number | string>;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  version: Generated<number>;
}

export interface ExamSpecializationsTable {
  exam_id: number;
  specialization_id: number;
}

export interface ExamQuestionsTable {
  exam_id: number;
  question_id: number;
  position: number;
  points: Numeric;
  /** Null: the exam's setting. */
  max_submissions: ColumnType<number | null, number | null | undefined, number | null>;
  wrong_try_penalty: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** The question's version pinned when the exam was published (null: not published since, the current one). */
  question_version_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The position of its section (exam_sections). */
  section: ColumnType<number, number | undefined, number>;
  /** ESSAY: the version whose rubric grades this exam's copies, applied after publication (migration 045-rubrics);
   *  null: the pinned version's. */
  rubric_version_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A part of an exam: its questions are candidates, `pick` of them (null: all) drawn for each student. */
export interface ExamSectionsTable {
  exam_id: number;
  position: number;
  title: ColumnType<string, string | undefined, string>;
  pick: number | null;
  shuffle: ColumnType<number, number | undefined, number>;
}

/** A problem a student reported while taking the exam (on a question, or null: the exam as a whole). */
export interface ExamProblemReportsTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number | null;
  message: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handled_by: number | null;
}

/** The questions an attempt was given at its start, in its order. */
export interface ExamAttemptQuestionsTable {
  attempt_id: number;
  question_id: number;
  position: number;
  section: number;
  points: Numeric;
  /** Null: the question as it stands. */
  question_version_id: number | null;
  /** Null: not parameterised. */
  variant_seed: number | null;
}

export interface ExamExtraTimeTable {
  exam_id: number;
  user_id: number;
  minutes: number;
  created_at: Generated<Timestamp>;
}

export interface ExamAttemptsTable {
  id: Generated<number>;
  exam_id: number;
  user_id: number;
  /** Default now(); exam taking writes the server clock it computed the deadline from. */
  started_at: Timestamp;
  deadline: Timestamp;
  finished_at: Timestamp | null;
  score: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  max_score: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  validated_count: ColumnType<number, number | undefined, number>;
  ip: string | null;
  user_agent: string | null;
  /** Set once the drafts left at the end were graded (or there were none to grade). */
  drafts_settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The process grading them took them at this time (taken again by another once it is old). */
  drafts_claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Failed tries at grading them, when the next may run, and the last failure's reason. */
  drafts_failures: ColumnType<number, number | undefined, number>;
  drafts_retry_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  drafts_error: string | null;
  /** The last sign of the exam page (its attempt asked for, an answer, a draft); null before the first. */
  last_seen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The exam page's last check of its attempt (every 10 s); a gap is journaled as a period without contact. */
  checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The student's extra-time factor when the attempt started (kept: a later change never rewrites its time). */
  extra_time_factor: ColumnType<number, number | string | undefined, number | string>;
}

export interface ExamSubmissionsTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  /** Chosen by the client; a repeated one within an attempt is the same submission. */
  submission_id: string;
  /** JSON: write with JSON.stringify, read back parsed. */
  answer: Json;
  is_valid: ColumnType<number, number | undefined, number>;
  /** Fraction 0..1 of the question's points that counts (the penalty already taken off). */
  score: Numeric;
  /** The fraction taken off for the wrong tries before this one. */
  penalty: ColumnType<number, number | string | undefined, number | string>;
  /** 1: made from the student's last draft when the attempt ended, not sent by the student. */
  auto: ColumnType<number, number | undefined, number>;
  /** Student-safe grade details (gradeDetailsSchema). */
  details: ColumnType<unknown, string | undefined, string>;
  /** Staff-only run data (hidden case outputs); never sent to students. */
  internal: ColumnType<unknown, string | null | undefined, string | null>;
  /** 1: waits for a person to grade it (an essay not yet marked; migration 040-essay). */
  pending: ColumnType<number, number | undefined, number>;
  /** Set: graded later (the runner was saturated when it came), tried again from then on (migration 050-grade-later). */
  grade_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Tries of a later grading that failed, and the last reason. */
  grade_failures: ColumnType<number, number | undefined, number>;
  grade_error: string | null;
  /** When the verdict of an answer graded later came (null: graded at once). */
  graded_later_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface ExamDraftsTable {
  attempt_id: number;
  question_id: number;
  answer: Json;
  updated_at: Timestamp;
}

/** An answer kept after its attempt ended (migration 010-late-answers), and the staff's decision on it. */
export interface ExamLateAnswersTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  submission_id: string;
  kind: 'SUBMITTED' | 'DRAFT';
  /** JSON: write with JSON.stringify, read back parsed. */
  answer: Json;
  given_at: Timestamp;
  received_at: Generated<Timestamp>;
  source: 'QUEUE' | 'FILE';
  decision: 'ATTACHED' | 'REFUSED' | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  reason: string | null;
  exam_submission_id: number | null;
  /** 1: the exam's solutions were visible to the student when the answer reached the server (migration 019). */
  solutions_visible: ColumnType<number, number | undefined, number>;
}

/** Browser signals of an attempt, counted by type (migration 017): the journal keeps a bounded number of them. */
export interface ExamSignalCountsTable {
  attempt_id: number;
  type: string;
  count: number;
  first_at: Timestamp;
  last_at: Timestamp;
}

/** An exam being regraded, by which process (migration 017): one regrade of an exam at a time across processes. */
export interface RegradeLocksTable {
  exam_id: number;
  holder: string;
  taken_at: Generated<Timestamp>;
  /** Renewed while the regrade runs: a lock whose holder stopped renewing it is taken over. */
  beat_at: Generated<Timestamp>;
}

/** One event of an attempt's hash-chained journal (migration 013-exam-room); never updated nor deleted. */
export interface ExamJournalTable {
  id: Generated<number>;
  attempt_id: number;
  seq: number;
  type: string;
  at: Timestamp;
  client_at: Timestamp | null;
  /** JSON: write with JSON.stringify, read back parsed. */
  data: Json;
  prev_hash: string;
  hash: string;
}

/** An exam's access rules (migration 013-exam-room); no row: no rule. */
export interface ExamAccessRulesTable {
  exam_id: number;
  access_code: string | null;
  /** JSON array of CIDR ranges: write with JSON.stringify, read back parsed. */
  allowed_networks: Json;
  single_session: ColumnType<number, number | undefined, number>;
  seb_required: ColumnType<number, number | undefined, number>;
  seb_config_key: string | null;
  /** JSON array of allowed Browser Exam Keys (migration 018-seb-keys): write with JSON.stringify, read back parsed. */
  seb_browser_exam_keys: ColumnType<unknown, string | undefined, string>;
  /** Password of the encrypted .seb file; null: served unencrypted. */
  seb_file_password: ColumnType<string | null, string | null | undefined, string | null>;
  hide_verdicts: ColumnType<number, number | undefined, number>;
  time_bonus_percent: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The session (hashed token) an attempt is tied to under the one-session rule (migration 013-exam-room). */
export interface ExamAttemptSessionsTable {
  attempt_id: number;
  token_hash: string;
  bound_at: ColumnType<Date, Date | undefined, never>;
  ip: string | null;
  user_agent: string | null;
}

/** One change of a regrade (migration 007-exam-results): a student's best result on a question, before and after. */
export interface RegradeLogTable {
  id: Generated<number>;
  exam_id: number;
  user_id: number;
  question_id: number;
  regraded_by: number | null;
  old_state: string;
  new_state: string;
  old_score: Numeric;
  new_score: Numeric;
  created_at: Timestamp;
}

/** One try at a practice exercise (never an exam submission). */
export interface PracticeAttemptsTable {
  id: Generated<number>;
  user_id: number;
  question_id: number;
  is_valid: ColumnType<number, number | undefined, number>;
  /** JSON: write with JSON.stringify, read back parsed. */
  answer: Json;
  /** Student-safe grade details (gradeDetailsSchema). */
  details: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Timestamp>;
}

export interface CopyAccessesTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | undefined, never>;
  staff_id: number | null;
  staff_name: string;
  student_id: number;
  exam_id: number | null;
  attempt_id: number | null;
  what: 'COPY' | 'JOURNAL' | 'APPEAL_PDF' | 'ARCHIVE';
}

export interface Database extends LtiDatabase, SimilarityDatabase {
  users: UsersTable;
  tokens: TokensTable;
  academic_years: AcademicYearsTable;
  mentions: MentionsTable;
  specializations: SpecializationsTable;
  student_enrolments: StudentEnrolmentsTable;
  courses: CoursesTable;
  course_specializations: CourseSpecializationsTable;
  chapters: ChaptersTable;
  files: FilesTable;
  chapter_files: ChapterFilesTable;
  questions: QuestionsTable;
  possible_solutions: PossibleSolutionsTable;
  question_tags: QuestionTagsTable;
  question_files: QuestionFilesTable;
  question_versions: QuestionVersionsTable;
  question_variants: QuestionVariantsTable;
  exams: ExamsTable;
  exam_specializations: ExamSpecializationsTable;
  exam_questions: ExamQuestionsTable;
  exam_sections: ExamSectionsTable;
  exam_attempt_questions: ExamAttemptQuestionsTable;
  exam_problem_reports: ExamProblemReportsTable;
  exam_extra_time: ExamExtraTimeTable;
  exam_attempts: ExamAttemptsTable;
  exam_submissions: ExamSubmissionsTable;
  practice_attempts: PracticeAttemptsTable;
  exam_drafts: ExamDraftsTable;
  exam_late_answers: ExamLateAnswersTable;
  regrade_log: RegradeLogTable;
  exam_access_rules: ExamAccessRulesTable;
  exam_attempt_sessions: ExamAttemptSessionsTable;
  exam_journal: ExamJournalTable;
  exam_signal_counts: ExamSignalCountsTable;
  regrade_locks: RegradeLocksTable;
  retention_holds: RetentionHoldsTable;
  retention_purges: RetentionPurgesTable;
  data_deletion_requests: DataDeletionRequestsTable;
  copy_accesses: CopyAccessesTable;
  exam_marks: ExamMarksTable;
  answer_files: AnswerFilesTable;
  answer_file_annotations: AnswerFileAnnotationsTable;
  exam_grading: ExamGradingTable;
  exam_markers: ExamMarkersTable;
  exam_marker_marks: ExamMarkerMarksTable;
}

/** A mark given by a person to an attempt's answer to a question (migration 041-marks). */
export interface ExamMarksTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  points: Numeric;
  comment: string | null;
  graded_by: number | null;
  graded_by_name: string;
  graded_at: ColumnType<Date, Date | string | undefined, Date | string>;
  version: ColumnType<number, number | undefined, number>;
  /** The rubric's levels chosen (RubricLevelChosen[], migration 045-rubrics); null: marked without a rubric. JSON. */
  rubric_levels: ColumnType<unknown, string | null | undefined, string | null>;
  /** Annotations on the answer's text (Annotation[], migration 045-rubrics); null: none. JSON. */
  annotations: ColumnType<unknown, string | null | undefined, string | null>;
}

/** Per exam: the double-marking rule, the marks' publication and the lifting of anonymity (migration 047). */
export interface ExamGradingTable {
  exam_id: number;
  rule: ColumnType<'MEAN' | 'SETTLE', 'MEAN' | 'SETTLE' | undefined, 'MEAN' | 'SETTLE'>;
  threshold: ColumnType<string | null, number | null | undefined, number | null>;
  settle_by: ColumnType<'TEACHER' | 'THIRD_MARKER', 'TEACHER' | 'THIRD_MARKER' | undefined, 'TEACHER' | 'THIRD_MARKER'>;
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  published_by: number | null;
  published_by_name: string | null;
  anonymity_lifted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  anonymity_lifted_by: number | null;
  anonymity_lifted_by_name: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A marker named for an exam (question_id null) or one question: slot 1 and 2 mark blind, 3 settles (047). */
export interface ExamMarkersTable {
  id: Generated<number>;
  exam_id: number;
  question_id: number | null;
  slot: number;
  user_id: number;
}

/** One marker's own mark of a copy in double marking (047): exam_marks' shape plus the slot. */
export interface ExamMarkerMarksTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  slot: number;
  points: Numeric;
  comment: string | null;
  graded_by: number | null;
  graded_by_name: string;
  graded_at: ColumnType<Date, Date | string | undefined, Date | string>;
  version: ColumnType<number, number | undefined, number>;
  /** The marker's rubric levels chosen (RubricLevelChosen[], migration 051-marker-rubrics); null: without a rubric. JSON. */
  rubric_levels: ColumnType<unknown, string | null | undefined, string | null>;
  /** The marker's annotations on the answer's text (Annotation[], migration 051-marker-rubrics); null: none. JSON. */
  annotations: ColumnType<unknown, string | null | undefined, string | null>;
}

/** What repositories read and write through: the database, or a transaction open on it. */
export type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** A file a student uploaded for a FILE question during an attempt, its content in the row (migration 046). */
export interface AnswerFilesTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  user_id: number;
  name: string;
  mime: string;
  size: number;
  pages: ColumnType<number, number | undefined, number>;
  sha256: string;
  content: Buffer;
  created_at: Timestamp;
}

/** A grader's annotation on a page of an answer file: a point or a box, in percent, with a comment (migration 046). */
export interface AnswerFileAnnotationsTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  file_id: number;
  page: number;
  shape: 'POINT' | 'BOX';
  x: ColumnType<string, number, number>;
  y: ColumnType<string, number, number>;
  width: ColumnType<string | null, number | null, number | null>;
  height: ColumnType<string | null, number | null, number | null>;
  comment: string;
  created_by: number | null;
  created_by_name: string;
  created_at: Timestamp;
  /** Under double marking, the marker's slot (1, 2, 3; migration 051-marker-rubrics); null: a single grader or the
   *  person who settles. */
  slot: ColumnType<number | null, number | null | undefined, number | null>;
}

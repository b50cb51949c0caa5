// Migrations in code, in order; each feature appends its own file here.
import type { Migration } from 'kysely';
import * as m001 from './001-foundation';
import * as m002 from './002-courses';
import * as m003people from './003-people-search';
import * as m004trigram from './004-people-trigram';
import * as m005 from './005-question-bank';
import * as m006 from './006-extra-time-factor';
import * as m007 from './007-exam-results';
import * as m008 from './008-practice';
import * as m009 from './009-answers-kept';
import * as m010 from './010-late-answers';
import * as m011 from './011-exam-sections';
import * as m012versions from './012-question-versions';
import * as m013 from './013-exam-room';
import * as m015 from './015-invigilation';
import * as m016 from './016-drafts-retry';
import * as m017 from './017-journal-bounds';
import * as m018 from './018-seb-keys';
import * as m019 from './019-late-answer-receipt';
import * as m020 from './020-attempt-checks';
import * as m021 from './021-matching';
import * as m025 from './025-similarity';
import * as m026lti from './026-lti';
import * as m027lti from './027-lti-link-members';
import * as m028 from './028-accommodations';
import * as m029 from './029-copy-accesses';
import * as m030 from './030-retention';
import * as m031 from './031-data-requests';
import * as m032 from './032-new-kinds';
import * as m037 from './037-math-form';
import * as m038 from './038-case-test-code';
import * as m039 from './039-program-grading';
import * as m040 from './040-essay';
import * as m041 from './041-marks';
import * as m044 from './044-question-names';
import * as m045 from './045-rubrics';
import * as m046 from './046-file-answers';
import * as m047 from './047-double-marking';
import * as m048 from './048-practice-similarity';
import * as m050 from './050-grade-later';
import * as m051 from './051-marker-rubrics';
import * as m052 from './052-lti-withdrawn-grade';

export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-courses': m002,
  '003-people-search': m003people,
  '004-people-trigram': m004trigram,
  '005-question-bank': m005,
  '006-extra-time-factor': m006,
  '007-exam-results': m007,
  '008-practice': m008,
  '009-answers-kept': m009,
  '010-late-answers': m010,
  '011-exam-sections': m011,
  '012-question-versions': m012versions,
  '013-exam-room': m013,
  '015-invigilation': m015,
  '016-drafts-retry': m016,
  '017-journal-bounds': m017,
  '018-seb-keys': m018,
  '019-late-answer-receipt': m019,
  '020-attempt-checks': m020,
  '021-matching': m021,
  '025-similarity': m025,
  '026-lti': m026lti,
  '027-lti-link-members': m027lti,
  '028-accommodations': m028,
  '029-copy-accesses': m029,
  '030-retention': m030,
  '031-data-requests': m031,
  '032-new-kinds': m032,
  '037-math-form': m037,
  '038-case-test-code': m038,
  '039-program-grading': m039,
  '040-essay': m040,
  '041-marks': m041,
  '044-question-names': m044,
  '045-rubrics': m045,
  '046-file-answers': m046,
  '047-double-marking': m047,
  '048-practice-similarity': m048,
  '050-grade-later': m050,
  '051-marker-rubrics': m051,
  '052-lti-withdrawn-grade': m052,
};

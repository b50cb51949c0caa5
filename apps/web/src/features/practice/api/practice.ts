// Where the staff practice screens send their work (the playgrounds in src/components make the calls).
import type { Language } from '@exam/shared';

/** Where each screen sends its work; staff use the code helpers, a student screen may pass its own. */
export interface PracticeEndpoints {
  run: Record<Language, string>;
  compareMath: string;
}

export const staffEndpoints: PracticeEndpoints = {
  run: { PYTHON: '/admin/python/exec-python-code', R: '/admin/python/exec-r-code' },
  compareMath: '/admin/python/compare-math-expression',
};

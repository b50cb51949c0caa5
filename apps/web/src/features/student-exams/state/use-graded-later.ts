// Answers kept while the runner was saturated (« en cours de correction »): the page asks the server for its questions
// every few seconds while one of them waits, and shows each verdict as it comes. An essay waiting for a person is not
// asked about: its mark never comes during the attempt.
import { useEffect } from 'react';
import type { GradeDetails, QuestionState } from '@exam/shared';
import { fetchQuestions } from '../api/student-exams';
import { GRADED_LATER_POLL_MS } from './timing';

/** Details of an answer kept and graded later (a program or an expression): pending, of a kind the runner grades. */
export const gradedLater = (d: GradeDetails | null | undefined): boolean => !!d && (d.type === 'ALGORITHM' || d.type === 'MATH') && d.pending === true;

export interface LaterVerdict {
  question_id: number;
  state: QuestionState;
  is_valid: boolean | null;
  details: GradeDetails | null;
}

/** `waiting`: the questions whose last answer waits for the runner; `apply` gets each one that no longer waits. */
export function useGradedLater(examId: number, waiting: number[], apply: (v: LaterVerdict) => void, stopped: boolean) {
  const key = waiting.join(',');
  useEffect(() => {
    if (stopped || key === '') return;
    const ids = new Set(key.split(',').map(Number));
    let asking = false;
    const id = window.setInterval(() => {
      if (asking) return;
      asking = true;
      void fetchQuestions(examId)
        .then((data) => {
          for (const q of data.questions) {
            if (ids.has(q.id) && q.state !== 'PENDING') apply({ question_id: q.id, state: q.state, is_valid: q.last_is_valid, details: q.details });
          }
        })
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    }, GRADED_LATER_POLL_MS);
    return () => window.clearInterval(id);
  }, [examId, key, apply, stopped]);
}

// Public entry of the access log (who read which copy): the plugin that logs the routes declaring `studentRead`,
// the administrators' route, and the readings of one student for the appeal file and the student's data archive.
import type { StudentAccess } from '@exam/shared';
import type { Db } from '../../db/schema';
import { accessesOf } from './repository';

export { accessLogPlugin } from './plugin';
export { accessLogRoutes } from './routes';

/** Every reading of this student's copies, journals, appeal files and archive by staff, the most recent first. */
export function accessesOfStudent(db: Db, studentId: number): Promise<StudentAccess[]> {
  return accessesOf(db, studentId);
}

/** The readings of one student's attempt at one exam (the appeal file lists them). */
export function accessesOfAttempt(db: Db, examId: number, studentId: number): Promise<StudentAccess[]> {
  return accessesOf(db, studentId, examId);
}

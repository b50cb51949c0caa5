// The signed-in user as every request sees it (`req.user`). Defined here so that lib/ knows no feature;
// features/auth fills it from the session lookup.
import type { User } from '@exam/shared';

/** What the access rules need besides the public user fields. */
export interface SessionUser extends User {
  /** Access window of the student's year (null for staff or students with no enrolment). */
  access_start: string | null;
  access_end: string | null;
}

// How often the exam page talks to the server.

/** The attempt's deadline is asked again this often (extra time granted during the attempt reaches the page). */
export const ATTEMPT_CHECK_MS = 10_000;
/** Changed drafts go to the server this often. */
export const DRAFT_SAVE_MS = 3000;
/** Submissions waiting in the queue (and late answers to keep) are tried again this often, and at once when the network comes back. */
export const RETRY_MS = 4000;
/** While an answer is being graded later (the runner saturated), its verdict is asked for this often. */
export const GRADED_LATER_POLL_MS = 5000;

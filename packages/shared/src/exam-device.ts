// Its own module (exported as `@exam/shared/exam-device`), free of schemas: the web app's HTTP client, loaded by the
// sign-in page, takes this one constant without the exam schemas around it.

/**
 * The header the web app sends with each call of an exam: a random id (UUID) this browser keeps across sign-ins, so
 * that under « une seule session » the attempt follows the browser it began in, not one sign-in.
 */
export const EXAM_DEVICE_HEADER = 'x-exam-device';

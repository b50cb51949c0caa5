// Expected errors carry their HTTP status and French message; the error handler turns them into the envelope.
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    /** For 429: seconds before trying again, sent as Retry-After. */
    public readonly retryAfterSeconds?: number,
    /** Headers sent with the answer (the access window's 503 says that it is one). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = (m = 'Veuillez vous connecter.') => new HttpError(401, m);
export const paymentRequired = (m = 'Ce contenu est réservé aux étudiants premium.') => new HttpError(402, m);
export const forbidden = (m = "Vous n’avez pas les droits nécessaires pour cette action.") => new HttpError(403, m);
export const notFound = (m = 'Ressource introuvable.') => new HttpError(404, m);
export const conflict = (m: string, errors?: Record<string, string[]>) => new HttpError(409, m, errors);
export const tooLarge = (m = 'Le contenu envoyé est trop volumineux.') => new HttpError(413, m);
export const unprocessable = (errors: Record<string, string[]>, m = 'Les données envoyées sont invalides.') =>
  new HttpError(422, m, errors);
export const tooManyRequests = (m = 'Trop de requêtes. Réessayez dans quelques instants.', retryAfterSeconds = 60) =>
  new HttpError(429, m, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
export const serviceUnavailable = (m: string) => new HttpError(503, m);

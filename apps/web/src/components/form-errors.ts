// Puts the per-field messages of an ApiError (422 / 409) on react-hook-form fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * Applies `error.errors` to the form. Field keys like `questions.0.points` map to the same path in the form.
 * Returns true when at least one field got a message (the toast already carries the general message).
 */
export function applyApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields?: readonly string[]): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    if (!messages?.length) continue;
    if (fields && !fields.includes(field.split('.')[0])) continue;
    setError(field as Path<T>, { type: 'server', message: messages.join(' ') }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

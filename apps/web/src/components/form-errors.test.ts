// applyApiErrors puts the server's per-field messages on react-hook-form fields.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { applyApiErrors } from './form-errors';

describe('applyApiErrors', () => {
  it('sets every field message of a 422, focusing the first field only', () => {
    const setError = vi.fn();
    const error = new ApiError(422, 'Données invalides.', {
      email: ['Cette adresse e-mail est déjà utilisée.'],
      'questions.0.points': ['Les points doivent être positifs.', 'Au plus 100.'],
    });
    expect(applyApiErrors(error, setError)).toBe(true);
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenNthCalledWith(1, 'email', { type: 'server', message: 'Cette adresse e-mail est déjà utilisée.' }, { shouldFocus: true });
    expect(setError).toHaveBeenNthCalledWith(2, 'questions.0.points', { type: 'server', message: 'Les points doivent être positifs. Au plus 100.' }, { shouldFocus: false });
  });

  it('keeps to the listed fields and ignores anything that is not an ApiError', () => {
    const setError = vi.fn();
    const error = new ApiError(422, 'Données invalides.', { password: ['Trop court.'], token: ['Inconnu.'] });
    expect(applyApiErrors(error, setError, ['email', 'password'])).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(applyApiErrors(new Error('boom'), setError)).toBe(false);
    expect(applyApiErrors(new ApiError(500, 'Erreur.'), setError)).toBe(false);
  });
});

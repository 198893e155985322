// Server field errors of a 400 go onto the form's fields; the rest become toasts.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';
import { fieldMessages } from './error-catalogue.ts';
import { showErrors } from './notifications.ts';

/**
 * For a request sent with `formErrors: true` (the client already toasted non_field_errors).
 * Returns true when the error was a 400 and has been shown.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const rest: Record<string, string[]> = {};
  let focused = false;
  for (const [field, texts] of Object.entries(error.fieldErrors)) {
    if (field === 'non_field_errors') continue;
    const known = fields.find((name) => name === field);
    if (known) {
      setError(known, { type: 'server', message: texts.join(' ') }, { shouldFocus: !focused });
      focused = true;
    } else rest[field] = texts;
  }
  const leftovers = fieldMessages(rest);
  if (leftovers.length) showErrors(leftovers);
  return true;
}

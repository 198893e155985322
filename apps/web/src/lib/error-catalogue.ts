// Spec §8: which texts an API error turns into. Pure, so the catalogue is tested without a DOM.
import { messages } from '@marquee/contracts/texts';

export type ErrorLike = { status: number | null; body: unknown };

const NON_FIELD = 'non_field_errors';

function asStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return [value];
  return [];
}

/** A 400 body as `field → messages`, or undefined when the body is not that shape. */
export function fieldErrorsOf(body: unknown): Record<string, string[]> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body)) {
    const texts = asStrings(value);
    if (texts.length) result[field] = texts;
  }
  return result;
}

export function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  return undefined;
}

/** One text per field message, prefixed with the field name; non_field_errors as they are. */
export function fieldMessages(fields: Record<string, string[]>, { skipFields = false } = {}): string[] {
  const texts: string[] = [];
  for (const [field, list] of Object.entries(fields)) {
    if (field === NON_FIELD) texts.push(...list);
    else if (!skipFields) texts.push(...list.map((text) => `${field}: ${text}`));
  }
  return texts;
}

export type CatalogueOptions = {
  /** The form shows the field messages of a 400 itself: only non_field_errors become toasts. */
  formErrors?: boolean;
};

/** The texts (without the 'Error:' prefix) to show for an error; empty when nothing is shown. */
export function errorMessages(error: ErrorLike, { formErrors = false }: CatalogueOptions = {}): string[] {
  const { status, body } = error;
  if (status === null) return [messages.statusNull];
  if (status === 0) return [messages.connectionError];
  if (status === 401) return [];
  if (status === 400) {
    const fields = fieldErrorsOf(body);
    if (!fields || !Object.keys(fields).length) return [messages.internalError];
    return fieldMessages(fields, { skipFields: formErrors });
  }
  if (status === 403) return [detailOf(body) ?? messages.noPermissionText];
  if (status === 404) return [messages.notFound];
  return [messages.internalError];
}

export const withErrorPrefix = (text: string) => `${messages.errorPrefix} ${text}`;

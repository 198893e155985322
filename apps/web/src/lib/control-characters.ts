// The server's control-character rule (contracts' text.ts) in the forms, so a pasted tab or escape
// shows on its field before saving instead of coming back as the server's 400.
import { controlCharacterFields } from '@marquee/contracts/text';
import { controlCharactersText } from '@marquee/contracts/texts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** `resolver` (a form's zod resolver) plus the control-character rule: a field holding one gets the
 * server's message, next to whatever else the schema found. */
export function withTextRule<V extends FieldValues, C, I>(resolver: Resolver<V, C, I>): Resolver<V, C, I> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const fields = controlCharacterFields(values).filter((field) => field !== 'non_field_errors');
    if (!fields.length) return result;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const field of fields) errors[field] = { type: 'control_characters', message: controlCharactersText };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { controlCharactersText } from '@marquee/contracts/texts';
import { withTextRule } from './control-characters.ts';

const schema = z.object({ name: z.string().min(1, 'Required.'), address: z.string(), count: z.number() });
type Values = z.input<typeof schema>;
const resolve = (values: Values) =>
  withTextRule(zodResolver(schema))(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('withTextRule', () => {
  it('passes clean values through to the schema, line breaks in multi-line fields included', async () => {
    const values = { name: 'Café 🚀', address: 'Main Street 1\r\nFloor 2\tB', count: 3 };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });

  it('puts the server’s message on fields with control characters, beside the schema’s errors', async () => {
    const result = await resolve({ name: 'a\u0000', address: 'x\u001b', count: Number.NaN });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { message: controlCharactersText },
      address: { message: controlCharactersText },
      count: { type: 'invalid_type' },
    });
    const tab = await resolve({ name: 'a\tb', address: '', count: 1 });
    expect(tab.errors).toEqual({ name: { type: 'control_characters', message: controlCharactersText } });
  });
});

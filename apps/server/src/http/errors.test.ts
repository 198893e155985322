import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { details } from '@marquee/contracts/texts';
import { errorHandler, fieldError } from './errors.ts';

async function answer(error: unknown) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.get('/', () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: res.statusCode, body: res.json() as unknown };
}

describe('errorHandler', () => {
  it('sends HttpErrors with their status and body', async () => {
    expect(await answer(fieldError('name', 'Wrong.'))).toEqual({ status: 400, body: { name: ['Wrong.'] } });
  });

  it('turns a foreign key violation (a row still referenced) into 400 in use, not a 500', async () => {
    const error = Object.assign(new Error('update or delete violates foreign key constraint'), { code: '23503' });
    expect(await answer(error)).toEqual({ status: 400, body: { non_field_errors: [details.inUse] } });
  });

  it('hides other failures behind a 500', async () => {
    expect(await answer(new Error('boom'))).toEqual({ status: 500, body: { detail: 'Internal server error.' } });
  });
});

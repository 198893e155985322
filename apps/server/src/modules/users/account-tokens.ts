// Single-use, expiring account tokens (activation links and password resets). Only their sha256 is
// stored; the token itself exists only in the mailed link.
import crypto from 'node:crypto';
import type { Database } from '../../db/database.ts';

export type TokenKind = 'activation' | 'reset';

export const hashToken = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const random = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

/** An activation link's two parts: `key` names the link, `hash` proves it. */
export const activationSecret = (key: string, hash: string) => `${key}.${hash}`;

async function store(db: Database, userId: number, kind: TokenKind, secret: string, lifetimeMs: number) {
  // Housekeeping: tokens a day past their expiry are of no use, not even for telling "used" apart.
  await db
    .deleteFrom('account_tokens')
    .where('expires_at', '<', new Date(Date.now() - 86_400_000))
    .execute();
  await db
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      kind,
      token_hash: hashToken(secret),
      expires_at: new Date(Date.now() + lifetimeMs),
    })
    .execute();
}

/** A new activation link for the user; earlier ones stop working. */
export async function issueActivation(db: Database, userId: number, lifetimeMs: number) {
  await consumeTokens(db, userId, 'activation');
  const key = random(12);
  const hash = random(32);
  await store(db, userId, 'activation', activationSecret(key, hash), lifetimeMs);
  return { key, hash };
}

export async function issueReset(db: Database, userId: number, lifetimeMs: number): Promise<string> {
  const token = random(32);
  await store(db, userId, 'reset', token, lifetimeMs);
  return token;
}

/** The user a live (unused, unexpired) token belongs to. */
export async function findTokenUser(db: Database, kind: TokenKind, secret: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(secret))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id;
}

/** Marks every live token of that kind of the user used (a token works once; a new one replaces old). */
export async function consumeTokens(db: Database, userId: number, kind: TokenKind): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

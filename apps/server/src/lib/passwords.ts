// Password hashing with argon2id.
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password);

/** A hash of nothing in particular, verified against when the user does not exist (even timing). */
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (dummy ??= hash('not-a-real-password')), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

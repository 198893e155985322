// The password rules: the contracts' shared check plus the server's longer common-password list.
import { passwordProblem } from '@marquee/contracts/users';
import { SERVER_COMMON_PASSWORDS } from './common-passwords.ts';

/** The messages for a refused password, or null when it is acceptable. */
export function passwordErrors(password: string, username: string): string[] | null {
  const problem = passwordProblem(password, username);
  if (problem) return [problem];
  if (SERVER_COMMON_PASSWORDS.has(password.toLowerCase())) return ['This password is too common.'];
  return null;
}

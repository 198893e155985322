import { api } from '../../../lib/api.ts';

/** DELETE /api/auth/, then a full reload of home so no state of the old session survives. */
export async function signOut(): Promise<void> {
  try {
    await api.logout();
  } finally {
    window.location.assign('/');
  }
}

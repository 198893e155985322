// Role ids as names, when the role list could be read; otherwise a count.
import type { Role } from '@marquee/contracts/roles';

export function roleNames(ids: readonly number[], roles: readonly Role[] | undefined): string {
  if (!ids.length) return 'No roles';
  if (!roles) return ids.length === 1 ? '1 role' : `${ids.length} roles`;
  const byId = new Map(roles.map((role) => [role.id, role.name]));
  return ids.map((id) => byId.get(id) ?? `Role ${id}`).join(', ');
}

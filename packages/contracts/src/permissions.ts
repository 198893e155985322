// The permission catalogue and the selection cascade of the role screen.
import { z } from 'zod';
import { listQuery, type PermissionAction } from './common.ts';

export const permission = z.object({
  id: z.number().int(),
  /** `action_model`, e.g. `change_role`. */
  codename: z.string(),
  name: z.string(),
  model: z.string(),
  /** Ids of the permissions this one implies. */
  dependent: z.array(z.number().int()),
  /** Ids of the permissions that imply this one. */
  masters: z.array(z.number().int()),
});
export type Permission = z.infer<typeof permission>;

export const permissionQuery = listQuery.extend({ model: z.string().max(50).optional() });
export const permissionOrdering = ['model', 'id', 'codename'] as const;

/** Models that carry permissions, with their display names. */
export const permissionModels = {
  role: 'Role',
  permission: 'Permission',
  user: 'User',
  location: 'Location',
  locationzone: 'Location zone',
  device: 'Device',
  advertiser: 'Advertiser',
  product: 'Product',
  videoclip: 'Video clip',
  campaign: 'Campaign',
  message: 'Message',
  logentry: 'Log entry',
  eventstatistic: 'Event statistic',
  alert: 'Alert',
} as const;
export type PermissionModel = keyof typeof permissionModels;

const actionNames: Record<PermissionAction, string> = {
  add: 'Can add',
  view: 'Can view',
  list: 'Can list',
  change: 'Can change',
  delete: 'Can delete',
};

/** Which actions exist per model (read-only models have fewer). */
const modelActions: Record<PermissionModel, readonly PermissionAction[]> = {
  role: ['add', 'view', 'list', 'change', 'delete'],
  permission: ['view', 'list'],
  user: ['add', 'view', 'list', 'change', 'delete'],
  location: ['add', 'view', 'list', 'change', 'delete'],
  locationzone: ['add', 'view', 'list', 'change', 'delete'],
  device: ['add', 'view', 'list', 'change', 'delete'],
  advertiser: ['add', 'view', 'list', 'change', 'delete'],
  product: ['add', 'view', 'list', 'change', 'delete'],
  videoclip: ['add', 'view', 'list', 'change', 'delete'],
  campaign: ['add', 'view', 'list', 'change', 'delete'],
  message: ['add', 'view', 'list', 'change', 'delete'],
  logentry: ['view', 'list'],
  eventstatistic: ['view', 'list'],
  alert: ['view', 'list', 'change'],
};

/** Extra implications beyond "every action implies view, view implies list". */
const extraDependents: Record<string, string[]> = {
  approve_campaign: ['view_campaign', 'list_location', 'list_videoclip'],
  add_role: ['list_permission'],
  change_role: ['list_permission'],
  add_user: ['list_role', 'list_location', 'list_advertiser'],
  change_user: ['list_role', 'list_location', 'list_advertiser'],
  add_campaign: ['list_location', 'list_videoclip', 'list_locationzone'],
  change_campaign: ['list_location', 'list_videoclip', 'list_locationzone'],
  add_product: ['list_advertiser'],
  change_product: ['list_advertiser'],
  add_videoclip: ['list_product'],
  change_videoclip: ['list_product'],
  add_location: ['list_device', 'list_locationzone'],
  change_location: ['list_device', 'list_locationzone'],
};

/** Books a campaign where its clip does not fit the loop; outside the `action_model` naming. */
export const OVERRIDE_CAPACITY = 'override_capacity';

export type CatalogueEntry = { codename: string; name: string; model: PermissionModel; dependent: string[] };

/** The full catalogue: add/view/list/change/delete per model plus approve_campaign. */
export function permissionCatalogue(): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  for (const [model, label] of Object.entries(permissionModels) as [PermissionModel, string][]) {
    for (const action of modelActions[model]) {
      const codename = `${action}_${model}`;
      const base = action === 'list' ? [] : action === 'view' ? [`list_${model}`] : [`view_${model}`];
      entries.push({
        codename,
        name: `${actionNames[action]} ${label.toLowerCase()}`,
        model,
        dependent: [...base, ...(extraDependents[codename] ?? [])],
      });
    }
  }
  entries.push({
    codename: 'approve_campaign',
    name: 'Can approve campaign',
    model: 'campaign',
    dependent: extraDependents.approve_campaign ?? [],
  });
  // Booking a campaign where its clip does not fit: only for those who may approve or edit.
  entries.push({
    codename: OVERRIDE_CAPACITY,
    name: 'Can book over capacity',
    model: 'campaign',
    dependent: ['view_campaign'],
  });
  return entries;
}

type Graph = Pick<Permission, 'id' | 'dependent'>[];

/** All permissions implied by the given ones (transitively), the given ones included. */
export function withDependents(selected: Iterable<number>, permissions: Graph): Set<number> {
  const byId = new Map(permissions.map((p) => [p.id, p]));
  const result = new Set<number>();
  const stack = [...selected];
  while (stack.length) {
    const id = stack.pop()!;
    if (result.has(id)) continue;
    result.add(id);
    for (const dep of byId.get(id)?.dependent ?? []) stack.push(dep);
  }
  return result;
}

/**
 * Selection state of the role screen: `direct` are the permissions the user chose; a permission is
 * shown selected when chosen directly or implied by a chosen one (a "selected dependent").
 */
export type RoleSelection = { direct: Set<number> };

/** Selecting a permission adds it directly; its dependents follow through `withDependents`. */
export function selectPermission(selection: RoleSelection, id: number): RoleSelection {
  return { direct: new Set([...selection.direct, id]) };
}

/**
 * Unselecting removes the permission and, with it, the dependents it implied, unless another
 * chosen master still implies them. Unselecting an implied-only permission also unselects the
 * chosen masters that imply it, since a master cannot be held without its dependents.
 */
export function unselectPermission(selection: RoleSelection, id: number, permissions: Graph): RoleSelection {
  const direct = new Set(selection.direct);
  direct.delete(id);
  for (const masterId of [...direct]) {
    if (withDependents([masterId], permissions).has(id)) direct.delete(masterId);
  }
  return { direct };
}

/** Ids shown as selected: chosen ones plus everything they imply. */
export function effectiveSelection(selection: RoleSelection, permissions: Graph): Set<number> {
  return withDependents(selection.direct, permissions);
}

/** Ids to save: the chosen ones that are not implied by another chosen one. */
export function permissionsToSave(selection: RoleSelection, permissions: Graph): number[] {
  const direct = [...selection.direct];
  const implied = new Set<number>();
  for (const id of direct) {
    for (const dep of withDependents([id], permissions)) if (dep !== id) implied.add(dep);
  }
  return direct.filter((id) => !implied.has(id)).sort((a, b) => a - b);
}

// Roles: named sets of directly chosen permissions.
import { z } from 'zod';
import { id, listQuery } from './common.ts';

export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Ids of the permissions chosen directly (dependents are implied, not stored). */
  permissions: z.array(z.number().int()),
  /** Users with this role may change every advertiser; hides the advertiser picker on the user screen. */
  can_change_all_advertisers: z.boolean(),
  /** Users with this role see every advertiser's data; when none of a user's roles has it, the user sees
   * only the advertisers they are linked to (their products, clips, campaigns, statistics, log entries). */
  can_view_all_advertisers: z.boolean(),
  /** Holds every permission, present and future; cannot be changed. */
  is_superuser: z.boolean(),
});
export type Role = z.infer<typeof role>;

export const roleInput = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(150),
  /** Directly chosen permission ids; ids implied by other chosen ones are dropped on save. */
  permissions: z.array(id).max(1000).optional(),
  can_change_all_advertisers: z.boolean().optional(),
  can_view_all_advertisers: z.boolean().optional(),
});
export type RoleInput = z.infer<typeof roleInput>;

export const roleQuery = listQuery.extend({ name: z.string().max(150).optional() });
export const roleOrdering = ['name', 'id'] as const;

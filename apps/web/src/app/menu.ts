// The home menu and the navbar: one entry per screen, shown when the user holds its permission.
// A new screen adds one line here (and its route in router.tsx).
import { IconListDetails, IconShieldLock, type TablerIcon } from '@tabler/icons-react';
import { paths } from './paths.ts';

export type MenuItem = {
  label: string;
  description: string;
  path: string;
  /** The permission codename the screen needs (also checked by the route). */
  permission: string;
  icon: TablerIcon;
};

export const menuItems: readonly MenuItem[] = [
  {
    label: 'Roles',
    description: 'Roles and their permissions',
    path: paths.roles,
    permission: 'list_role',
    icon: IconShieldLock,
  },
  {
    label: 'Events',
    description: 'The event log',
    path: paths.events,
    permission: 'list_logentry',
    icon: IconListDetails,
  },
];

export const visibleMenuItems = (permissions: readonly string[]) =>
  menuItems.filter((item) => permissions.includes(item.permission));

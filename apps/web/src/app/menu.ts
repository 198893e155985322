// The home menu and the navbar: one entry per screen, shown when the user holds its permission
// (entries without one are for every signed-in user).
// A new screen adds one line here (and its route in router.tsx).
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCalendarMonth,
  IconChartBar,
  IconChecklist,
  IconDeviceTv,
  IconSpeakerphone,
  IconListDetails,
  IconMail,
  IconMapPin,
  IconMovie,
  IconPackage,
  IconSearch,
  IconShieldLock,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { UnreadMessagesBadge } from '../features/messages/components/unread-messages-badge.tsx';
import { paths } from './paths.ts';

export type MenuItem = {
  label: string;
  description: string;
  path: string;
  /** The permission codename the screen needs (or several, all needed; also checked by the route); none:
   * everyone's. */
  permission?: string | readonly string[];
  icon: TablerIcon;
  /** A live count beside the label (renders nothing when there is none). */
  badge?: ComponentType;
};

export const menuItems: readonly MenuItem[] = [
  {
    label: 'Messages',
    description: 'Messages sent to you',
    path: paths.messages,
    icon: IconMail,
    badge: UnreadMessagesBadge,
  },
  {
    label: 'Locations',
    description: 'Locations, their zones and devices',
    path: paths.locations,
    permission: 'list_location',
    icon: IconMapPin,
  },
  {
    label: 'Screens',
    description: 'Every screen and its health',
    path: paths.screens,
    permission: 'list_device',
    icon: IconDeviceTv,
  },
  {
    label: 'Advertisers',
    description: 'Advertisers and their managers',
    path: paths.advertisers,
    permission: 'list_advertiser',
    icon: IconBuildingStore,
  },
  {
    label: 'Products',
    description: 'Products of the advertisers',
    path: paths.products,
    permission: 'list_product',
    icon: IconPackage,
  },
  {
    label: 'Video clips',
    description: 'Uploaded clips of the products',
    path: paths.videos,
    permission: 'list_videoclip',
    icon: IconMovie,
  },
  {
    label: 'Campaigns',
    description: 'Video campaigns at the locations',
    path: paths.campaigns,
    permission: 'list_campaign',
    icon: IconSpeakerphone,
  },
  {
    label: 'Find room',
    description: 'Where a clip can still be booked',
    path: paths.campaignFindRoom,
    permission: ['list_location', 'add_campaign'],
    icon: IconSearch,
  },
  {
    label: 'Approval',
    description: 'New campaigns waiting for approval',
    path: paths.campaignApprovals,
    permission: 'approve_campaign',
    icon: IconChecklist,
  },
  {
    label: 'Calendar',
    description: 'Campaigns per location and day',
    path: '/campaign/calendar',
    permission: 'list_campaign',
    icon: IconCalendarMonth,
  },
  {
    label: 'Reports',
    description: 'Plays and viewers of the campaigns',
    path: paths.reports,
    permission: 'list_eventstatistic',
    icon: IconChartBar,
  },
  {
    label: 'Alerts',
    description: 'Dark screens and campaigns at risk',
    path: paths.alerts,
    permission: 'list_alert',
    icon: IconAlertTriangle,
  },
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
  {
    label: 'Users',
    description: 'Accounts, their roles and one-time tokens',
    path: paths.users,
    permission: 'list_user',
    icon: IconUsers,
  },
];

export const visibleMenuItems = (permissions: readonly string[]) =>
  menuItems.filter((item) => [item.permission ?? []].flat().every((permission) => permissions.includes(permission)));

// Every URL pattern of the app, and builders for the ones with parameters.
import type { DeviceState } from '@marquee/contracts/device-health';

export const paths = {
  home: '/',
  login: '/login',
  activate: '/activate/:key/:hash',
  passwordReset: '/password/reset/:token?',
  passwordChange: '/password/change',
  /** The link of a scheduled report mail: cancels that report (no sign-in needed). */
  unsubscribe: '/unsubscribe/:token',
  messages: '/messages',
  roles: '/role',
  roleAdd: '/role/add',
  role: '/role/:id',
  events: '/events',
  users: '/user',
  userAdd: '/user/add',
  user: '/user/:id',
  locations: '/location',
  locationAdd: '/location/add',
  location: '/location/:id',
  locationZones: '/location/zones',
  /** Every device (screen) with its health state; `?state=` filters. */
  screens: '/screens',
  screen: '/screen/:id',
  advertisers: '/advertiser',
  advertiserAdd: '/advertiser/add',
  advertiser: '/advertiser/:id',
  products: '/product',
  productAdd: '/product/add',
  product: '/product/:id',
  videos: '/video',
  videoAdd: '/video/add',
  video: '/video/:id',
  campaigns: '/campaign',
  campaignAdd: '/campaign/add',
  campaign: '/campaign/:id',
  /** Where a clip can be booked: filters in the query string (see find-room-params.ts). */
  campaignFindRoom: '/campaign/find-room',
  campaignApprovals: '/campaign/approve',
  campaignApproval: '/campaign/approve/:id',
  /** `start` is a yyyy-MM-dd day; without it, this ISO week. */
  campaignCalendar: '/campaign/calendar/:start?',
  campaignCalendarList: '/campaign/calendar/:start/list/:location/:selected',
  campaignCalendarDetails: '/campaign/calendar/:start/list/:location/:selected/:id',
  reports: '/reports',
  reportCampaigns: '/reports/campaigns/details',
  reportCampaignLocation: '/reports/campaigns/details/:campaign/:location',
  reportProducts: '/reports/campaigns/products',
  reportLocations: '/reports/campaigns/locations',
  reportAdvertisers: '/reports/campaigns/advertisers',
  reportDelivery: '/reports/delivery',
  reportDeliveryCampaign: '/reports/delivery/:id',
  alerts: '/alerts',
} as const;

export const rolePath = (id: number) => `/role/${id}`;
export const userPath = (id: number) => `/user/${id}`;
export const locationPath = (id: number) => `/location/${id}`;
/** A screen's own page, by device id. */
export const screenPath = (id: number) => `/screen/${id}`;
/** The Screens list, filtered to one health state when given. */
/** The Screens list, in one state; `mine`: the screens a location manager's home counts (theirs). */
export const screensPath = (state?: DeviceState, mine = false) => {
  const query = new URLSearchParams();
  if (state) query.set('state', state);
  if (mine) query.set('mine', 'true');
  const search = query.toString();
  return search ? `/screens?${search}` : '/screens';
};
export const advertiserPath = (id: number) => `/advertiser/${id}`;
export const productPath = (id: number) => `/product/${id}`;
export const videoPath = (id: number) => `/video/${id}`;
export const campaignPath = (id: number) => `/campaign/${id}`;
export const campaignApprovalPath = (id: number) => `/campaign/approve/${id}`;
export const campaignCalendarPath = (start?: string) => (start ? `/campaign/calendar/${start}` : '/campaign/calendar');
export const campaignCalendarListPath = (start: string, location: number, selected: string, id?: number) =>
  `/campaign/calendar/${start}/list/${location}/${selected}${id === undefined ? '' : `/${id}`}`;
export const reportCampaignLocationPath = (campaign: number, location: number) =>
  `/reports/campaigns/details/${campaign}/${location}`;
export const reportDeliveryPath = (id: number) => `/reports/delivery/${id}`;

/** The Alerts screen with filters (`kind`, `open`, `location`, `campaign`) in its query string. */
export function alertsPath(filters: Record<string, string | number | boolean | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search ? `${paths.alerts}?${search}` : paths.alerts;
}

/** `/login`, with `timeout=true` after an inactivity logout and `next` to return to afterwards. */
export function loginPath({ next, timeout = false }: { next?: string; timeout?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (timeout) params.set('timeout', 'true');
  if (next && next !== paths.home && !next.startsWith(paths.login)) params.set('next', next);
  const search = params.toString();
  return search ? `${paths.login}?${search}` : paths.login;
}

/** The `next` parameter as an in-app path (never another origin), or home. */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.home;
  if (value.startsWith(paths.login)) return paths.home;
  return value;
}

/** `/password/reset` asks for a reset link; with the mailed token it sets a new password. */
export const passwordResetPath = (token?: string) =>
  token ? `/password/reset/${encodeURIComponent(token)}` : '/password/reset';

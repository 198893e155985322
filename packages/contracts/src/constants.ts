// Business constants and limits of spec §9, shared by server and web.

export const PRODUCT_NAME = 'Marquee';

/** Toast durations (ms). Errors stay until dismissed unless a timer is requested. */
export const ERROR_TOAST_TIMER_MS = 30000;
export const TOAST_MS = 6000;

/** The client re-checks the session this long after the server's expiry time. */
export const SESSION_RECHECK_DELAY_MS = 10000;
export const LOADING_OVERLAY_DELAY_MS = 100;

export const BROWSE_LIST_PAGE_SIZE = 40;
export const GRID_PAGE_SIZE = 100;
export const GRID_LOAD_MORE_WITHIN_ROWS = 40;
export const GRID_MAX_PAGES = 5;

export const EVENTS_PAGE_SIZE = 30;
export const ROLES_PAGE_SIZE = 30;
export const VIDEO_CLIPS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 100;
export const CAMPAIGNS_PER_LOCATION_PAGE_SIZE = 500;

export const REPORT_CAMPAIGNS_PAGE_SIZE = 10;
export const REPORT_DEVICES_PAGE_SIZE = 15;
export const REPORT_EVENTS_PAGE_SIZE = 15;
export const STATISTICS_PAGE_SIZE = 15;
export const STATISTICS_PAGER_JUMPS = [1, 10, 100] as const;

export const PERMISSION_TABLE_COUNT = 10000;

export const ZONES_SETTINGS_PAGE_SIZE = 100;
export const ZONES_CALENDAR_PAGE_SIZE = 50;
export const ZONE_NAME_MAX = 50;

export const TABLE_COUNTS = [10, 25, 50, 100] as const;
export const TABLE_FILTER_DELAY_MS = 500;

export const CALENDAR_WEEKS = 4;
export const CALENDAR_WEEKEND_FROM_WEEKDAY = 6;

export const OTP_LENGTH = 6;

/** Server-side list defaults: a list without page_size gets this many rows; larger asks are capped. */
export const API_DEFAULT_PAGE_SIZE = 100;
export const API_MAX_PAGE_SIZE = 10000;

/** Cookies and headers of a session (spec §7), here rather than only in auth.ts so that the web's api
 * client reads them without loading auth.ts's zod schemas on the sign-in page. */
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const EXPIRE_HEADER = 'x-expire-at';
export const VERSION_HEADER = 'x-imm-version';

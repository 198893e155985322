// The resource registry: endpoint, model name and extra methods of every API resource.

export type ResourceDefinition = {
  endpoint: string;
  model_name: string;
  /** Extra server-defined methods: `{endpoint}{id}/{name}/` (detail) or `{endpoint}{name}/` (list). */
  extra_methods?: Record<string, { detail: boolean; method: 'GET' | 'POST' | 'PATCH' | 'DELETE' }>;
  /** The api client does not apply the 401/403 session handling to this resource. */
  ignoreAuthModule?: boolean;
};

export const resources = {
  roles: { endpoint: '/api/roles/', model_name: 'role' },
  permissions: { endpoint: '/api/permissions/', model_name: 'permission' },
  logEntries: { endpoint: '/api/log-entries/', model_name: 'logentry' },
  users: {
    endpoint: '/api/users/',
    model_name: 'user',
    extra_methods: {
      enable: { detail: true, method: 'POST' },
      disable: { detail: true, method: 'POST' },
      reactivate: { detail: true, method: 'POST' },
      enable_otp: { detail: true, method: 'POST' },
      validate_otp: { detail: true, method: 'POST' },
      disable_otp: { detail: true, method: 'POST' },
      events: { detail: true, method: 'GET' },
      activation_params: { detail: false, method: 'GET' },
      activate: { detail: false, method: 'POST' },
    },
  },
  messages: {
    endpoint: '/api/messages/',
    model_name: 'message',
    extra_methods: { confirm: { detail: true, method: 'POST' }, unread_count: { detail: false, method: 'GET' } },
  },
  locations: {
    endpoint: '/api/locations/',
    model_name: 'location',
    extra_methods: {
      enable: { detail: true, method: 'POST' },
      can_change: { detail: true, method: 'GET' },
      can_send_campaign: { detail: true, method: 'GET' },
      data_devices: { detail: true, method: 'GET' },
      zones: { detail: true, method: 'GET' },
      add_zone: { detail: true, method: 'POST' },
      delete_zone_overlay: { detail: true, method: 'POST' },
      actual_campaigns: { detail: true, method: 'GET' },
      calendar: { detail: false, method: 'GET' },
    },
  },
  locationZones: {
    endpoint: '/api/location-zones/',
    model_name: 'locationzone',
    extra_methods: { delete_overlay: { detail: true, method: 'POST' } },
  },
  devices: {
    endpoint: '/api/devices/',
    model_name: 'device',
    extra_methods: { enable: { detail: true, method: 'POST' }, pair: { detail: false, method: 'POST' } },
  },
  advertisers: {
    endpoint: '/api/advertisers/',
    model_name: 'advertiser',
    extra_methods: { enable: { detail: true, method: 'POST' }, can_change: { detail: true, method: 'GET' } },
  },
  products: {
    endpoint: '/api/products/',
    model_name: 'product',
    extra_methods: { enable: { detail: true, method: 'POST' } },
  },
  videoclips: {
    endpoint: '/api/videoclips/',
    model_name: 'videoclip',
    extra_methods: { enable: { detail: true, method: 'POST' } },
  },
  campaigns: {
    endpoint: '/api/campaigns/',
    model_name: 'campaign',
    extra_methods: {
      approve: { detail: true, method: 'POST' },
      reject: { detail: true, method: 'POST' },
      deactivate: { detail: true, method: 'POST' },
      last_reviewed: { detail: true, method: 'GET' },
      list_with_location_reports: { detail: false, method: 'GET' },
      get_with_location_reports: { detail: true, method: 'GET' },
    },
  },
  alerts: {
    endpoint: '/api/alerts/',
    model_name: 'alert',
    extra_methods: { acknowledge: { detail: true, method: 'POST' } },
  },
  /** The signed-in user's scheduled report mails (no role permission: each user has their own). */
  reportSubscriptions: {
    endpoint: '/api/report-subscriptions/',
    model_name: 'reportsubscription',
    extra_methods: { unsubscribe: { detail: false, method: 'POST' } },
  },
  eventStatistics: { endpoint: '/api/event-statistics/', model_name: 'eventstatistic' },
  /** The raw events behind the statistics: they share the eventstatistic permissions. */
  eventLogs: {
    endpoint: '/api/event-log/',
    model_name: 'eventstatistic',
    extra_methods: { distinct_devices: { detail: false, method: 'GET' } },
  },
} as const satisfies Record<string, ResourceDefinition>;

export const authEndpoint = '/api/auth/';
export const passwordChangeEndpoint = '/api/auth/password_change/';
export const passwordResetEndpoint = '/api/auth/password_reset/';
export const userInfoEndpoint = '/api/user-info/';
export const docsEndpoint = '/api/docs';

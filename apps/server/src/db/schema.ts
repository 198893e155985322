// Table types for Kysely, written by hand next to the migrations that create them; the tables are by
// area in schema-users.ts, schema-locations.ts, schema-catalogue.ts, schema-plays.ts and
// schema-operations.ts, and DB gathers them.
import type {
  UsersTable,
  RolesTable,
  PermissionsTable,
  PermissionDependenciesTable,
  RolePermissionsTable,
  UserRolesTable,
  SessionsTable,
  LoginThrottleTable,
  LogEntriesTable,
  AccountTokensTable,
  MessagesTable,
} from './schema-users.ts';
import type {
  LocationsTable,
  LocationManagersTable,
  LocationCampaignManagersTable,
  LocationZonesTable,
  DevicesTable,
  DeviceFaultsTable,
  DeviceCommandsTable,
  DeviceScreenshotsTable,
  DevicePeriodsTable,
  DevicePairingsTable,
} from './schema-locations.ts';
import type {
  ImagesTable,
  AdvertisersTable,
  AdvertiserManagersTable,
  ProductsTable,
  VideosTable,
  VideoclipsTable,
  CampaignsTable,
  CampaignLocationsTable,
  CampaignContractsTable,
} from './schema-catalogue.ts';
import type {
  DeviceEventBatchesTable,
  RejectedPlaysTable,
  DeviceEventsTable,
  ProofOfPlayReceiptsTable,
  EventStatisticsHourlyTable,
} from './schema-plays.ts';
import type {
  AlertsTable,
  AlertSubscriptionsTable,
  AlertCampaignsTable,
  CampaignPacingTable,
  CampaignPacingLocationsTable,
  CampaignDeliveryTotalsTable,
  JobRunsTable,
  ReportSubscriptionsTable,
  ReportSubscriptionRecipientsTable,
} from './schema-operations.ts';

export type * from './schema-users.ts';
export type * from './schema-locations.ts';
export type * from './schema-catalogue.ts';
export type * from './schema-plays.ts';
export type * from './schema-operations.ts';

export type DB = {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  permission_dependencies: PermissionDependenciesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  log_entries: LogEntriesTable;
  account_tokens: AccountTokensTable;
  messages: MessagesTable;
  images: ImagesTable;
  locations: LocationsTable;
  location_managers: LocationManagersTable;
  location_campaign_managers: LocationCampaignManagersTable;
  location_zones: LocationZonesTable;
  devices: DevicesTable;
  device_faults: DeviceFaultsTable;
  device_commands: DeviceCommandsTable;
  device_screenshots: DeviceScreenshotsTable;
  advertisers: AdvertisersTable;
  advertiser_managers: AdvertiserManagersTable;
  products: ProductsTable;
  videos: VideosTable;
  videoclips: VideoclipsTable;
  campaigns: CampaignsTable;
  campaign_locations: CampaignLocationsTable;
  campaign_contracts: CampaignContractsTable;
  device_event_batches: DeviceEventBatchesTable;
  device_events: DeviceEventsTable;
  rejected_plays: RejectedPlaysTable;
  event_statistics_hourly: EventStatisticsHourlyTable;
  device_periods: DevicePeriodsTable;
  device_pairings: DevicePairingsTable;
  proof_of_play_receipts: ProofOfPlayReceiptsTable;
  alerts: AlertsTable;
  alert_campaigns: AlertCampaignsTable;
  alert_subscriptions: AlertSubscriptionsTable;
  campaign_pacing: CampaignPacingTable;
  campaign_pacing_locations: CampaignPacingLocationsTable;
  campaign_delivery_totals: CampaignDeliveryTotalsTable;
  job_runs: JobRunsTable;
  report_subscriptions: ReportSubscriptionsTable;
  report_subscription_recipients: ReportSubscriptionRecipientsTable;
};

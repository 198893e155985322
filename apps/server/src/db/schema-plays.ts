// Table types of the plays devices report: their batches, the plays stored and rejected, the hourly
// rollups of statistics, and the proof-of-play files sent.
import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from './schema-columns.ts';

/** A batch of events a device sent, so that sending it again counts it once. */
export type DeviceEventBatchesTable = {
  device_id: number;
  batch_id: string;
  received_at: DefaultTimestamp;
  events: number;
};

/** A row of a device's batch that was not stored, with why (kept so that nothing a device sent is lost;
 * aged out with the raw plays). */
export type RejectedPlaysTable = {
  id: ColumnType<number, never, never>;
  /** Null once the device is deleted. */
  device_id: number | null;
  location_id: number;
  batch_id: string;
  /** The row's position in the batch's events. */
  row_index: number;
  play_id: string | null;
  /** The campaign the row named, when it named a number (it may not exist). */
  campaign_id: number | null;
  /** The row as the device sent it. */
  event: Json;
  field: string;
  reason: string;
  received_at: DefaultTimestamp;
};

/** One play of a campaign's clip in a zone, as a device reported it. */
export type DeviceEventsTable = {
  id: ColumnType<number, never, never>;
  /** Null once the device is deleted (its events still count). */
  device_id: number | null;
  location_id: number;
  campaign_id: number;
  zone: number;
  started_at: Timestamp;
  duration_ms: number;
  viewers: number;
  /** Viewers by `<gender>:<age group id>`, e.g. {"f:2": 1, "m:3": 2}; null without viewers. */
  audience: Json;
  /** The campaign's clip when it played (null for plays stored before clips were kept). */
  videoclip_id: number | null;
  /** Ran the clip's length within 500 ms. */
  completed: Generated<boolean>;
  /** The reported checksum matched the clip's; null when the device reported none. */
  checksum_ok: boolean | null;
  /** The checksum a device reported when it was not the clip's. */
  reported_checksum: string | null;
  /** The device counts viewers (it sent a viewers list); false: impressions are modelled. */
  measured: Generated<boolean>;
  /** It started inside the campaign's window and the location's opening hours (true for plays stored
   * before this was checked). */
  in_schedule: Generated<boolean>;
  /** The play's own id, when the player gave one (a play is stored once under it). */
  play_id: string | null;
};

/** One proof-of-play file as it was sent: its rows, bytes and SHA-256 once written. */
export type ProofOfPlayReceiptsTable = {
  id: string;
  campaign_id: number;
  format: string;
  date_from: ColumnType<string | null, string | null, string | null>;
  date_to: ColumnType<string | null, string | null, string | null>;
  rows: ColumnType<string | null, number | null | undefined, number | null>;
  bytes: ColumnType<string | null, number | null | undefined, number | null>;
  sha256: string | null;
  created_at: DefaultTimestamp;
  created_by: number | null;
};

/**
 * Hourly rollups of device_events, kept up to date as batches arrive. Per (hour, campaign, location,
 * zone) one row with gender '' and age_group 0 holds every play; the rows with a gender and an age
 * group hold that audience: its viewers, and the plays (and play time) it watched.
 */
export type EventStatisticsHourlyTable = {
  /** The start of the hour in the server's time zone. */
  hour: Timestamp;
  campaign_id: number;
  location_id: number;
  zone: number;
  gender: string;
  age_group: number;
  plays: number;
  viewers: number;
  /** Bigint: pg returns it as a string. */
  play_ms: ColumnType<string, number | string, number | string>;
  /** Of `plays` (gender '' rows only; 0 in audience rows): completed plays of the right creative,
   * right-creative plays cut short, plays of a wrong creative, viewers of delivered plays, and
   * delivered plays on devices that count no viewers. */
  delivered: Generated<number>;
  partial: Generated<number>;
  wrong_creative: Generated<number>;
  delivered_viewers: Generated<number>;
  unmeasured: Generated<number>;
  /** Right-creative plays that started outside the campaign's schedule (not delivered). */
  outside_schedule: Generated<number>;
};

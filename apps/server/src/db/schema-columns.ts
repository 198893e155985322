// Column types the Kysely table types share: timestamps, JSON, the ids the database fills in, and the
// rows that link a user to what they manage.
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp the database fills in when omitted. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json = ColumnType<unknown, string | null, string | null>;

/** Filled in by the database from the id (e.g. `LOC-000042`); never written. */
export type SysId = ColumnType<string, never, never>;
export type LinkRow<Owner extends string> = { user_id: number } & Record<Owner, number>;

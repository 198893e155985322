// A screen's page (`/screen/{id}`): the device with its state and last reported facts, its uptime
// during opening hours over the last 7 and 30 days, its recent incidents, and today's plays against
// what its location's campaigns expected of it so far.
import { z } from 'zod';
import { ALERT_KINDS } from './alerts.ts';
import { FAULT_KINDS } from './device-gateway.ts';
import { device } from './locations.ts';

export const SCREEN_UPTIME_DAYS = [7, 30] as const;
/** The hours back a screen's page counts faults over. */
export const SCREEN_FAULT_HOURS = 24;
/** Incidents listed on a screen's page, newest first. */
export const SCREEN_ALERTS_LIMIT = 20;

export const screenUptimeFigures = z.object({
  days: z.number().int(),
  open_minutes: z.number().int(),
  dark_minutes: z.number().int(),
  uptime_percent: z.number().nullable(),
});

export const screenHealth = z.object({
  /** The device as the Screens list shows it (state and last reported facts). */
  device,
  /** Per period of SCREEN_UPTIME_DAYS, counted from the screen's registration at most. */
  uptime: z.array(screenUptimeFigures),
  alerts: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(ALERT_KINDS),
      started_at: z.string(),
      ended_at: z.string().nullable(),
      acknowledged_at: z.string().nullable(),
    }),
  ),
  /** Today (server time zone) up to now. */
  plays_today: z.object({
    /** Plays the screen reported that started today. */
    plays: z.number().int(),
    /** Plays its location's playing campaigns expected of it by now (rounded). */
    expected: z.number().int(),
  }),
  /** Faults the player reported in the last SCREEN_FAULT_HOURS, by kind (most first), with the hour of
   * the latest report of each. */
  faults: z.array(z.object({ kind: z.enum(FAULT_KINDS), count: z.number().int(), last_at: z.string() })),
  /** When the figures were computed (ISO). */
  as_of: z.string(),
  /** The user's permissions on the device (`change_device` shows the command buttons). */
  _permissions: z.array(z.string()),
});
export type ScreenHealth = z.infer<typeof screenHealth>;

export const screenTexts = {
  lastKnown: (when: string) => `Last known, reported ${when}: the screen is not reporting now.`,
  neverReported: 'This screen has never reported.',
  noAlerts: 'No incidents in the last 30 days.',
  noFaults: `No faults reported in the last ${SCREEN_FAULT_HOURS} hours.`,
} as const;

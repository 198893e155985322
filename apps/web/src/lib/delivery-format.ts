// How delivery figures read: counts with thousands separators, a delivery % with one decimal, and the
// unit a campaign's contract counts (plays, or impressions for an impressions goal).
import type { DeliveryRow, GoalType } from '@marquee/contracts/delivery';

const counts = new Intl.NumberFormat('en-US');
const percents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const formatCount = (value: number) => counts.format(value);

/** "91.7 %"; a dash when nothing was due yet. */
export const formatPct = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : `${percents.format(value)} %`;

/** What the contract counts: impressions for an impressions goal, plays otherwise. */
export const contractUnit = (goalType: GoalType | null | undefined) =>
  goalType === 'impressions' ? 'impressions' : 'plays';

/** What was delivered in the contract's unit: measured and modelled impressions for an impressions
 * goal, completed plays of the right creative otherwise. */
export const deliveredInUnit = (
  row: Pick<DeliveryRow, 'delivered' | 'impressions_measured' | 'impressions_modelled'>,
  goalType: GoalType | null | undefined,
) => (goalType === 'impressions' ? row.impressions_measured + row.impressions_modelled : row.delivered);

/** How the contracted amount came about: "plays goal", "impressions goal", the plays of the schedule
 * frozen at the approval ("plays as booked"), or, while the campaign is not booked, a quote from the
 * screens there now. */
export const contractBasis = (goalType: GoalType | null | undefined, booked = true) =>
  goalType ? `${goalType} goal` : booked ? 'plays as booked' : 'quote: screens there now';

// How report cells read: counts with thousands separators, play time as h:mm:ss, audience labels
// from the configuration.
import type { AppConfig } from '@marquee/contracts/app-config';

const counts = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => counts.format(value);

/** Play time always as h:mm:ss (0:10:11 beside 3:35:11), so a column's values read alike. */
export function formatPlayTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export const genderLabel = (config: AppConfig | undefined, value: string | undefined) =>
  config?.genders.find((g) => g.value === value)?.label ?? value ?? '';

export const ageGroupLabel = (config: AppConfig | undefined, id: number | undefined) =>
  config?.age_groups.find((a) => a.id === id)?.label ?? (id === undefined ? '' : `Age group ${id}`);

// How report cells read: counts with thousands separators, play time as h:mm:ss, audience labels
// from the configuration.
import type { AppConfig } from '@marquee/contracts/app-config';
import { formatDuration } from '../../../components/video-player/format-duration.ts';

const counts = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => counts.format(value);

export const formatPlayTime = (seconds: number) => formatDuration(seconds) || '0:00';

export const genderLabel = (config: AppConfig | undefined, value: string | undefined) =>
  config?.genders.find((g) => g.value === value)?.label ?? value ?? '';

export const ageGroupLabel = (config: AppConfig | undefined, id: number | undefined) =>
  config?.age_groups.find((a) => a.id === id)?.label ?? (id === undefined ? '' : `Age group ${id}`);

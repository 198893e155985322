// Find room's filters: a clip length or a clip, the period, an optional daily window, zones, venue
// types, locations and the least number of screens. Each writes to the address (the list's state).
import { Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import type { AppConfig } from '@marquee/contracts/app-config';
import { campaignTexts } from '@marquee/contracts/campaigns';
import { TABLE_FILTER_DELAY_MS } from '@marquee/contracts/constants';
import { INVENTORY_SEARCH_MAX_DAYS, INVENTORY_SEARCH_MAX_SCREENS } from '@marquee/contracts/inventory-search';
import { LOOP_SECONDS_MAX, addDays, clipSeconds } from '@marquee/contracts/inventory';
import { venueTypeSelectData } from '@marquee/contracts/venue-types';
import type { Videoclip } from '@marquee/contracts/videoclips';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDuration } from '../../../../components/video-player/format-duration.ts';
import { withMissing, type Choice } from '../../../../lib/choices.ts';
import { DATE_FORMAT } from '../../../../lib/format.ts';
import { queryKeys } from '../../../../lib/resources.ts';
import { usePlaylistClips } from '../../api/get-playlist-clips.ts';
import type { FindRoomFilters } from './find-room-params.ts';

export type FindRoomFiltersProps = {
  filters: FindRoomFilters;
  /** The clip's details when known (its length shows beside the clip length). */
  clip: Videoclip | undefined;
  config: Pick<AppConfig, 'zones' | 'times'>;
  today: string;
  locations: Choice[] | undefined;
  /** The user may list clips (the clip picker shows). */
  canListClips: boolean;
  setFilter: (name: string, value: string) => void;
};

const venueTypeData = venueTypeSelectData();

/** A whole number written to the address TABLE_FILTER_DELAY_MS after the last keystroke. */
function DelayedNumber({
  label,
  description,
  value,
  max,
  disabled,
  onChange,
}: {
  label: string;
  description?: string;
  value: number | null;
  max: number;
  disabled?: boolean;
  onChange: (value: number | null) => void;
}) {
  const [text, setText] = useState<string | number>(value ?? '');
  const [applied, setApplied] = useState(value);
  // The address changed elsewhere (back, a link): show its value.
  if (value !== applied) {
    setApplied(value);
    setText(value ?? '');
  }
  const apply = useDebouncedCallback((next: string | number) => {
    const n = Number(next);
    onChange(next !== '' && Number.isInteger(n) && n > 0 ? Math.min(n, max) : null);
  }, TABLE_FILTER_DELAY_MS);
  return (
    <NumberInput
      label={label}
      description={description}
      value={text}
      min={1}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      disabled={disabled}
      onChange={(next) => {
        setText(next);
        apply(next);
      }}
      w={170}
    />
  );
}

const clipLabel = (clip: Videoclip) => `${clip.name} (${formatDuration(clip.duration)})`;

/** The clips the user may put in campaigns, searched by name on the server. */
function ClipSelect({
  value,
  clip,
  onChange,
}: {
  value: number | null;
  clip: Videoclip | undefined;
  onChange: (clip: Videoclip | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search, TABLE_FILTER_DELAY_MS);
  const chosenLabel = clip ? clipLabel(clip) : null;
  // While the chosen clip's label is in the box, every clip is offered.
  const text = settled === chosenLabel ? '' : settled;
  const clips = usePlaylistClips({ advertiser: null, product: null, search: text }, { enabled: true });
  const found = useMemo(() => clips.data?.pages.flatMap((page) => page.results) ?? [], [clips.data]);
  const data = useMemo(() => {
    const options = found.map((row) => ({ value: String(row.id), label: clipLabel(row) }));
    if (clip && !found.some((row) => row.id === clip.id))
      options.unshift({ value: String(clip.id), label: clipLabel(clip) });
    return value !== null ? withMissing(options, [value], 'Clip') : options;
  }, [found, clip, value]);
  return (
    <Select
      label="Or a clip"
      description="Its length decides"
      placeholder="Search clips"
      data={data}
      value={value === null ? null : String(value)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the clip' }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already.
      filter={({ options }) => options}
      nothingFoundMessage={clips.isFetching ? 'Searching…' : 'No clips match'}
      onChange={(next) => onChange(next === null ? null : (found.find((row) => String(row.id) === next) ?? null))}
      w={280}
    />
  );
}

export function FindRoomFiltersPanel({
  filters,
  clip,
  config,
  today,
  locations,
  canListClips,
  setFilter,
}: FindRoomFiltersProps) {
  const queryClient = useQueryClient();
  const zoneData = useMemo(
    () => config.zones.map((zone) => ({ value: String(zone), label: `Zone ${zone}` })),
    [config],
  );
  const timeData = useMemo(() => [...config.times], [config]);
  const setList = (name: string, values: string[]) => setFilter(name, values.join(','));
  const halfWindow = (filters.startTime === null) !== (filters.endTime === null);

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md" wrap="wrap">
        <DelayedNumber
          label="Clip length (s)"
          description={clip ? `The clip takes ${clipSeconds(clip.duration)} s` : 'Seconds per loop'}
          value={clip ? clipSeconds(clip.duration) : filters.need}
          max={LOOP_SECONDS_MAX}
          disabled={filters.videoclip !== null}
          onChange={(value) => setFilter('need_s', value === null ? '' : String(value))}
        />
        {canListClips && (
          <ClipSelect
            value={filters.videoclip}
            clip={clip}
            onChange={(chosen) => {
              // "Book" and the add screen read the clip's details from here.
              if (chosen) queryClient.setQueryData(queryKeys.detail('videoclips', chosen.id), chosen);
              setFilter('videoclip', chosen ? String(chosen.id) : '');
            }}
          />
        )}
        <Group gap="sm" align="flex-start" wrap="wrap" role="group" aria-label="Period">
          <DateInput
            label="From"
            w={160}
            valueFormat={DATE_FORMAT}
            placeholder={DATE_FORMAT}
            value={filters.from}
            minDate={today}
            onChange={(value) => value && setFilter('date__gte', value === today ? '' : value)}
          />
          <DateInput
            label="To"
            description={`At most ${INVENTORY_SEARCH_MAX_DAYS} days`}
            w={160}
            valueFormat={DATE_FORMAT}
            placeholder={DATE_FORMAT}
            value={filters.to}
            minDate={filters.from}
            maxDate={addDays(filters.from, INVENTORY_SEARCH_MAX_DAYS - 1)}
            onChange={(value) => value && setFilter('date__lte', value)}
          />
        </Group>
        <Stack gap={4}>
          <Group gap="sm" align="flex-start" wrap="nowrap" role="group" aria-label="Daily window">
            {(['p_start_time', 'p_end_time'] as const).map((name) => (
              <Select
                key={name}
                label={name === 'p_start_time' ? 'Window from' : 'Window until'}
                placeholder="HH:mm"
                data={timeData}
                value={name === 'p_start_time' ? filters.startTime : filters.endTime}
                onChange={(value) => setFilter(name, value ?? '')}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': `Clear the window's ${name === 'p_start_time' ? 'start' : 'end'}` }}
                maxDropdownHeight={240}
                w={130}
              />
            ))}
          </Group>
          {halfWindow && (
            <Text size="xs" c="dimmed">
              Choose both times for a window; until then the whole opening hours count.
            </Text>
          )}
          {filters.startTime && filters.endTime && filters.endTime < filters.startTime && (
            <Text size="xs" c="dimmed">
              {campaignTexts.pastMidnight(filters.startTime, filters.endTime)}
            </Text>
          )}
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <MultiSelect
          label="Zones"
          placeholder={filters.zones.length ? undefined : "Each location's zones"}
          data={withMissing(zoneData, filters.zones, 'Zone')}
          value={filters.zones.map(String)}
          onChange={(values) => setList('zone', values)}
          clearable
        />
        <MultiSelect
          label="Venue types"
          description="A type includes those below it"
          placeholder={filters.venueTypes.length ? undefined : 'Any venue'}
          data={venueTypeData}
          value={filters.venueTypes.map(String)}
          onChange={(values) => setList('venue_type', values)}
          searchable
          clearable
          limit={100}
        />
        <MultiSelect
          label="Locations"
          placeholder={filters.locations.length ? undefined : 'Every location'}
          data={withMissing(locations, filters.locations, 'Location')}
          value={filters.locations.map(String)}
          onChange={(values) => setList('location', values)}
          searchable
          clearable
          limit={100}
          disabled={!locations}
        />
        <DelayedNumber
          label="Minimum screens"
          value={filters.minScreens}
          max={INVENTORY_SEARCH_MAX_SCREENS}
          onChange={(value) => setFilter('min_screens', value === null ? '' : String(value))}
        />
      </SimpleGrid>
    </Stack>
  );
}

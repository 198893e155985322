// Statistics filters of the campaign details report (spec §7): zones, gender, age groups and a time
// of day window, with the choices of the server's configuration (zones: those the campaign plays in, which
// are zones of each of its locations). Values are URL filters.
import { Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { statisticsTexts } from '@marquee/contracts/statistics';
import { useAppConfig } from '../../../lib/app-config.ts';

export const AUDIENCE_FILTERS = ['p_zones', 'p_gender', 'p_age', 'p_start_time', 'p_end_time'] as const;

export type AudienceFiltersProps = {
  filters: Record<string, string>;
  onChange: (name: FilterName, value: string) => void;
  /** The zones to offer (the campaign's); the configured ones until it is known. */
  zones?: readonly number[];
};

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

type FilterName = (typeof AUDIENCE_FILTERS)[number];

const TIME_FILTERS = [
  { name: 'p_start_time', label: 'From time', clear: 'Clear the start time' },
  { name: 'p_end_time', label: 'To time', clear: 'Clear the end time' },
] as const;

export function AudienceFilters({ filters, onChange, zones }: AudienceFiltersProps) {
  const config = useAppConfig();
  // The value, change handler and clear button of a one-choice and of a several-choice filter.
  const one = (name: FilterName, clear: string) => ({
    value: filters[name] || null,
    onChange: (value: string | null) => onChange(name, value ?? ''),
    clearable: true,
    clearButtonProps: { 'aria-label': clear },
  });
  const several = (name: FilterName, clear: string, every: string) => ({
    value: list(filters[name]),
    onChange: (value: string[]) => onChange(name, value.join(',')),
    placeholder: filters[name] ? undefined : every,
    clearable: true,
    clearButtonProps: { 'aria-label': clear },
  });
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Zones"
          w={180}
          data={(zones ?? config?.zones ?? []).map((zone) => ({ value: String(zone), label: `Zone ${zone}` }))}
          {...several('p_zones', 'Show every zone', 'Every zone')}
        />
        <Select
          label="Gender"
          placeholder="Everyone"
          w={150}
          data={(config?.genders ?? []).map((g) => ({ value: g.value, label: g.label }))}
          {...one('p_gender', 'Show every gender')}
        />
        <MultiSelect
          label="Age groups"
          w={220}
          data={(config?.age_groups ?? []).map((a) => ({ value: String(a.id), label: a.label }))}
          {...several('p_age', 'Show every age group', 'Every age')}
        />
        {TIME_FILTERS.map(({ name, label, clear }) => (
          <Select key={name} label={label} placeholder="Any" w={120} data={config?.times ?? []} {...one(name, clear)} />
        ))}
      </Group>
      {(filters.p_gender || filters.p_age) && (
        <Text size="xs" c="dimmed">
          {statisticsTexts.audiencePlays}
        </Text>
      )}
    </Stack>
  );
}

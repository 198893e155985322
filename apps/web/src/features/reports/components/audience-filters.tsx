// Statistics filters of the campaign details report (spec §7): zones, gender, age groups and a time
// of day window, with the choices of the server's configuration. Values are URL filters.
import { Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { statisticsTexts } from '@marquee/contracts/statistics';
import { useAppConfig } from '../../../lib/app-config.ts';

export const AUDIENCE_FILTERS = ['p_zones', 'p_gender', 'p_age', 'p_start_time', 'p_end_time'] as const;

export type AudienceFiltersProps = {
  filters: Record<string, string>;
  onChange: (name: (typeof AUDIENCE_FILTERS)[number], value: string) => void;
};

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

export function AudienceFilters({ filters, onChange }: AudienceFiltersProps) {
  const config = useAppConfig();
  const times = config?.times ?? [];
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Zones"
          placeholder={filters.p_zones ? undefined : 'Every zone'}
          w={180}
          data={(config?.zones ?? []).map((zone) => ({ value: String(zone), label: `Zone ${zone}` }))}
          value={list(filters.p_zones)}
          onChange={(value) => onChange('p_zones', value.join(','))}
          clearable
          clearButtonProps={{ 'aria-label': 'Show every zone' }}
        />
        <Select
          label="Gender"
          placeholder="Everyone"
          w={150}
          data={(config?.genders ?? []).map((g) => ({ value: g.value, label: g.label }))}
          value={filters.p_gender || null}
          onChange={(value) => onChange('p_gender', value ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Show every gender' }}
        />
        <MultiSelect
          label="Age groups"
          placeholder={filters.p_age ? undefined : 'Every age'}
          w={220}
          data={(config?.age_groups ?? []).map((a) => ({ value: String(a.id), label: a.label }))}
          value={list(filters.p_age)}
          onChange={(value) => onChange('p_age', value.join(','))}
          clearable
          clearButtonProps={{ 'aria-label': 'Show every age group' }}
        />
        <Select
          label="From time"
          placeholder="Any"
          w={120}
          data={times}
          value={filters.p_start_time || null}
          onChange={(value) => onChange('p_start_time', value ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the start time' }}
        />
        <Select
          label="To time"
          placeholder="Any"
          w={120}
          data={times}
          value={filters.p_end_time || null}
          onChange={(value) => onChange('p_end_time', value ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the end time' }}
        />
      </Group>
      {(filters.p_gender || filters.p_age) && (
        <Text size="xs" c="dimmed">
          {statisticsTexts.audiencePlays}
        </Text>
      )}
    </Stack>
  );
}

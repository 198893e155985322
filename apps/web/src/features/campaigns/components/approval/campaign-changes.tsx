// "What changed since the last approved version" on the approval screen (or, for a campaign never
// approved, since it was last rejected): each changed field with its reviewed and its current value,
// written for people (names instead of ids, Yes/No, labels).
import { Alert, Table, Text } from '@mantine/core';
import type { AppConfig } from '@marquee/contracts/app-config';
import type { Campaign, CampaignEditableField, LastReviewed } from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import type { GoalType } from '@marquee/contracts/goals';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useAppConfig } from '../../../../lib/app-config.ts';
import { useChoices } from '../../../../lib/choices.ts';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { useApprovedClip } from '../../api/get-approved-clip.ts';
import { goalTypeLabels } from '../campaign-goal-section.tsx';

export const fieldLabels: Record<CampaignEditableField, string> = {
  name: 'Name',
  videoclip: 'Video clip',
  locations: 'Locations',
  start_date: 'Start date',
  end_date: 'End date',
  p_zones: 'Zones',
  p_zones_overlay: 'Zones with overlay',
  ordering: 'Position in the playlist',
  p_times_on: 'Time window',
  p_start_time: 'Daily start time',
  p_end_time: 'Daily end time',
  p_gender_on: 'Gender targeting',
  p_gender: 'Gender',
  p_age_on: 'Age targeting',
  p_age: 'Age groups',
  goal_type: 'Goal counts',
  goal_value: 'Goal',
  comments: 'Comments',
};

const NONE = 'None';
const counts = new Intl.NumberFormat('en-US');

/** How ids become names; anything unknown is named by its id. */
export type ValueNames = {
  location: (id: number) => string;
  clip: (id: number) => string;
  gender: (value: string) => string;
  ageGroup: (id: number) => string;
};

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];

const list = (labels: string[]) => (labels.length ? labels.join(', ') : NONE);

/** One field's value as the table shows it. */
export function formatValue(field: CampaignEditableField, value: unknown, names: ValueNames): string {
  if (value === null || value === undefined || value === '') return NONE;
  switch (field) {
    case 'videoclip':
      return names.clip(Number(value));
    case 'locations':
      return list(
        numbers(value)
          .map(names.location)
          .sort((a, b) => a.localeCompare(b)),
      );
    case 'p_zones':
    case 'p_zones_overlay':
      return list(
        numbers(value)
          .sort((a, b) => a - b)
          .map(String),
      );
    case 'p_age':
      return list(numbers(value).map(names.ageGroup));
    case 'p_gender':
      return names.gender(String(value));
    case 'p_times_on':
    case 'p_gender_on':
    case 'p_age_on':
      return value ? 'Yes' : 'No';
    case 'goal_type':
      return goalTypeLabels[value as GoalType] ?? String(value);
    case 'goal_value':
      return typeof value === 'number' ? counts.format(value) : String(value);
    default:
      return String(value);
  }
}

function configNames(config: AppConfig | undefined) {
  return {
    gender: (value: string) => config?.genders.find((g) => g.value === value)?.label ?? value,
    ageGroup: (id: number) => config?.age_groups.find((g) => g.id === id)?.label ?? `Age group ${id}`,
  };
}

export type CampaignChangesProps = {
  campaign: Campaign;
  lastReviewed: LastReviewed;
  /** The fields that differ (`campaignChanges`), in the order to list them. */
  changed: readonly CampaignEditableField[];
};

export function CampaignChanges({ campaign, lastReviewed, changed }: CampaignChangesProps) {
  const me = useCurrentUser();
  const config = useAppConfig();
  const before = lastReviewed.campaign;
  const rejected = lastReviewed.decision === 'rejected';
  const locationsChanged = changed.includes('locations');
  const approvedClipId = changed.includes('videoclip') && before?.videoclip ? before.videoclip : undefined;
  const locations = useChoices('locations', locationsChanged && permissionFlags(me?._permissions, 'location').canList);
  const approvedClip = useApprovedClip(approvedClipId, permissionFlags(me?._permissions, 'videoclip').canView);

  const names = useMemo<ValueNames>(() => {
    const locationNames = new Map((locations.data ?? []).map((choice) => [Number(choice.value), choice.label]));
    const clipNames = new Map<number, string>();
    if (campaign.videoclip_data) clipNames.set(campaign.videoclip_data.id, campaign.videoclip_data.name);
    if (approvedClip.data) clipNames.set(approvedClip.data.id, approvedClip.data.name);
    return {
      location: (id) => locationNames.get(id) ?? `Location ${id}`,
      clip: (id) => clipNames.get(id) ?? `Video clip ${id}`,
      ...configNames(config),
    };
  }, [locations.data, approvedClip.data, campaign.videoclip_data, config]);

  if (!before) {
    return (
      <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
        First approval: this campaign has not been approved before.
      </Alert>
    );
  }
  if (!changed.length) {
    return (
      <Text size="sm" c="dimmed">
        {rejected ? 'No changes since it was rejected.' : 'No changes since the last approval.'}
      </Text>
    );
  }

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        striped
        verticalSpacing="xs"
        aria-label={rejected ? 'Changes since the rejection' : 'Changes since the last approval'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={200}>
              Field
            </Table.Th>
            <Table.Th scope="col">
              {rejected ? 'Rejected version' : 'Approved version'}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                ({formatDateTime(lastReviewed.decided_at)})
              </Text>
            </Table.Th>
            <Table.Th scope="col">Now</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changed.map((field) => (
            <Table.Tr key={field}>
              <Table.Th scope="row" fw={600}>
                {fieldLabels[field]}
              </Table.Th>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {formatValue(field, before[field], names)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                  {formatValue(field, campaign[field], names)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

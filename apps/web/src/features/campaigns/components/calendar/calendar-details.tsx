// The child :id of the calendar list: one campaign read-only (name, state, dates, time window,
// audience, its clip in the player, a link to open it) and the zones of the list's location.
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Campaign } from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import { IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { campaignPath } from '../../../../app/paths.ts';
import { parseId } from '../../../../components/detail-screen.tsx';
import { VideoPlayer } from '../../../../components/video-player/video-player.tsx';
import { useAppConfig } from '../../../../lib/app-config.ts';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { useCampaign } from '../../api/campaigns.ts';
import { calendarLocationName } from '../../api/get-calendar.ts';
import { useCalendarLocation } from '../../api/get-calendar-location.ts';
import { CampaignStateBadge } from '../../../../components/campaign-state-badge.tsx';
import { CalendarZones } from './calendar-zones.tsx';

type Config = ReturnType<typeof useAppConfig>;

/** The audience and time window as sentences; "everyone" / "all day" when not limited. */
export function targeting(campaign: Campaign, config: Config) {
  const gender = config?.genders.find((g) => g.value === campaign.p_gender)?.label ?? campaign.p_gender;
  const ages = (campaign.p_age ?? []).map(
    (id) => config?.age_groups.find((group) => group.id === id)?.label ?? `Age group ${id}`,
  );
  return {
    time: campaign.p_times_on ? `${campaign.p_start_time ?? '?'} – ${campaign.p_end_time ?? '?'}` : 'All day',
    gender: campaign.p_gender_on && gender ? gender : 'Everyone',
    ages: campaign.p_age_on && ages.length ? ages.join(', ') : 'All ages',
  };
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Campaign details">
      {children}
    </Paper>
  );
}

export function CalendarDetails() {
  const params = useParams();
  const id = parseId(params.id);
  const locationId = parseId(params.location) ?? 0;
  const me = useCurrentUser();
  const config = useAppConfig();
  const canView = permissionFlags(me?._permissions, 'campaign').canView;
  const canViewLocation = permissionFlags(me?._permissions, 'location').canView;
  const campaign = useCampaign(canView && id ? id : undefined);
  const location = useCalendarLocation(locationId, canViewLocation && locationId > 0);
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loadedId = campaign.data?.id;

  // On a tablet the details are below the list: bring a newly chosen campaign into view.
  useEffect(() => {
    if (loadedId !== undefined) headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [loadedId]);

  if (!id) {
    return (
      <Frame>
        <Alert color="red" variant="light">
          There is no such campaign.
        </Alert>
      </Frame>
    );
  }
  if (!canView) {
    return (
      <Frame>
        <Text c="dimmed">You may not view the details of campaigns.</Text>
      </Frame>
    );
  }
  if (campaign.isError) {
    return (
      <Frame>
        <Alert color="red" variant="light">
          The campaign could not be loaded.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void campaign.refetch()}>
            Try again
          </Button>
        </Alert>
      </Frame>
    );
  }
  if (!campaign.data) {
    return (
      <Frame>
        <Stack gap="md" aria-busy="true" data-testid="calendar-details-skeleton">
          <Skeleton height={32} width="40%" radius="sm" />
          <Skeleton height={220} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      </Frame>
    );
  }

  const data = campaign.data;
  const clip = data.videoclip_data;
  const { time, gender, ages } = targeting(data, config);
  const locationName = location.data?.name ?? calendarLocationName(queryClient, locationId) ?? 'this location';
  const facts: [string, ReactNode][] = [
    ['System id', data.sys_id],
    ['State', <CampaignStateBadge key="state" state={data.state} />],
    ['Dates', `${data.start_date} – ${data.end_date}`],
    ['Time window', time],
    ['Gender', gender],
    ['Age groups', ages],
    ['Video clip', clip?.name ?? `Video clip ${data.videoclip}`],
    ['Playlist position', data.ordering],
  ];

  return (
    <Frame>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h3" ref={headingRef}>
            {data.name}
          </Title>
          <Button
            component={Link}
            to={campaignPath(data.id)}
            variant="light"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            Open campaign
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Table variant="vertical" layout="fixed" withTableBorder aria-label={`Details of ${data.name}`}>
            <Table.Tbody>
              {facts.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" w={150}>
                    {label}
                  </Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {clip ? (
            <VideoPlayer
              key={clip.id}
              label={clip.name}
              clips={[{ key: clip.id, name: clip.name, src: clip.video_file, poster: clip.video_thumb.url }]}
              withPopup
            />
          ) : (
            <Text c="dimmed">The video clip cannot be shown.</Text>
          )}
        </SimpleGrid>
        <Title order={3} size="h4">
          Zones at {locationName}
        </Title>
        <CalendarZones locationId={locationId} locationName={locationName} campaign={data} />
      </Stack>
    </Frame>
  );
}

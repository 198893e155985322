// The columns every campaign table shares (system id, name linking to a screen, the clip with its
// thumbnail, dates, number of locations), so the campaign, approval and calendar lists read alike;
// and the delivery column the campaign list adds for users who may read statistics.
import { Anchor, Box, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CampaignStateBadge } from '../../../components/campaign-state-badge.tsx';
import { PacingBadge } from '../../../components/pacing-badge.tsx';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import type { CampaignRow } from '../api/campaigns.ts';
import { SysIdText } from '../../../components/sys-id.tsx';
import { formatPct } from '../../../lib/delivery-format.ts';

/** A transparent pixel while a preview is missing, so the row keeps its height. */
const NO_PREVIEW = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

export const locationCount = (count: number) => (count === 1 ? '1 location' : `${count} locations`);

/** The campaign's clip: its thumbnail and name (or its id when the details are missing). */
export function CampaignClipCell({ campaign }: { campaign: Pick<CampaignRow, 'videoclip' | 'videoclip_data'> }) {
  const clip = campaign.videoclip_data;
  return (
    <Group gap="sm" wrap="nowrap">
      <Image
        src={clip?.video_thumb.preview}
        alt=""
        w={64}
        h={36}
        fit="cover"
        radius="sm"
        fallbackSrc={NO_PREVIEW}
        style={{ flexShrink: 0 }}
      />
      <Text size="sm" lineClamp={2}>
        {clip?.name ?? `Video clip ${campaign.videoclip}`}
      </Text>
    </Group>
  );
}

/** System id, name (a link to `pathOf(id)`), clip, start, end and locations. */
export function campaignColumns(pathOf: (id: number) => string, dateWidth = 110): DataColumn<CampaignRow>[] {
  return [
    // A phone's card shows the name, dates and state (where the list has it).
    {
      id: 'sys_id',
      header: 'System id',
      sortField: 'id',
      width: 130,
      phone: 'hide',
      cell: (row) => <SysIdText value={row.sys_id} />,
    },
    {
      id: 'name',
      header: 'Name',
      sortField: 'name',
      phone: 'title',
      cell: (row) => (
        <Anchor component={Link} to={pathOf(row.id)} onClick={(event) => event.stopPropagation()} fw={600}>
          {row.name}
        </Anchor>
      ),
    },
    { id: 'clip', header: 'Video clip', phone: 'hide', cell: (row) => <CampaignClipCell campaign={row} /> },
    { id: 'start_date', header: 'Start', sortField: 'start_date', width: dateWidth, cell: (row) => row.start_date },
    { id: 'end_date', header: 'End', sortField: 'end_date', width: dateWidth, cell: (row) => row.end_date },
    {
      id: 'locations',
      header: 'Locations',
      width: dateWidth,
      phone: 'hide',
      cell: (row) => locationCount(row.locations.length),
    },
  ];
}

/**
 * The state as a badge. A badge ellipsises its text rather than grow, so the table could squeeze the
 * column until "Approved" read "APPROV…" (1440 px wide, long names beside it): the badge keeps the
 * width of its whole text, and the column asks for the longest state name's.
 */
export const campaignStateColumn: DataColumn<CampaignRow> = {
  id: 'state',
  header: 'State',
  sortField: 'state',
  width: 130,
  cell: (row) => (
    <Box miw="max-content">
      <CampaignStateBadge state={row.state} />
    </Box>
  ),
};

/** Delivery so far against what was due, with the pacing badge (the list carries both for users who
 * may read statistics). */
export const campaignPacingColumn: DataColumn<CampaignRow> = {
  id: 'pacing',
  header: 'Delivery',
  width: 170,
  phone: 'hide',
  cell: (row) => (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" miw="4.5em" ta="right">
        {formatPct(row.delivery_pct)}
      </Text>
      <PacingBadge pacing={row.pacing} pct={row.delivery_pct} size="sm" />
    </Group>
  ),
};

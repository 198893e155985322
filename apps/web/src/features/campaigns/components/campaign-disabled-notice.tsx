// The campaign page says when what it plays is disabled: a disabled clip plays nowhere and a disabled
// location plays nothing, since playlists leave them out, while the campaign itself still looks booked.
import { Alert, Stack, Text } from '@mantine/core';
import { campaignTexts, isClosed, type Campaign } from '@marquee/contracts/campaigns';
import { IconAlertTriangle } from '@tabler/icons-react';

type Disabled = Pick<Campaign, 'state' | 'videoclip_data' | 'disabled_locations_data'>;

/** What the notice says: the clip first, then each disabled location (none for a finished campaign,
 * which plays nothing anyway). */
export function disabledNotices({ state, videoclip_data: clip, disabled_locations_data: locations }: Disabled) {
  if (isClosed(state)) return [];
  return [
    ...(clip && !clip.is_active ? [campaignTexts.clipDisabled(clip.name)] : []),
    ...locations.map((location) => campaignTexts.locationDisabled(location.name)),
  ];
}

export function CampaignDisabledNotice({ campaign }: { campaign: Disabled }) {
  const notices = disabledNotices(campaign);
  if (!notices.length) return null;
  return (
    <Alert variant="light" color="orange" icon={<IconAlertTriangle aria-hidden />} aria-label="Not playing">
      <Stack gap={4}>
        {notices.map((notice) => (
          <Text key={notice} size="sm">
            {notice}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

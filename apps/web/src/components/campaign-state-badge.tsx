// A campaign's state as a badge with a coloured dot (spec §4 names); the text stays dark, since light
// badges in teal, green or lime fall below the contrast minimum.
import { Badge } from '@mantine/core';
import { campaignStateNames, type CampaignState } from '@marquee/contracts/campaigns';

const colors: Record<CampaignState, string> = {
  0: 'blue',
  1: 'teal',
  2: 'cyan',
  3: 'green',
  10: 'lime',
  98: 'red',
  99: 'gray',
};

export function CampaignStateBadge({ state }: { state: number }) {
  const known = state in colors;
  return (
    <Badge variant="dot" color={known ? colors[state as CampaignState] : 'gray'}>
      {known ? campaignStateNames[state as CampaignState] : `State ${state}`}
    </Badge>
  );
}

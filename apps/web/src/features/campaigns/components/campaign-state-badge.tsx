// A campaign's state as a coloured badge (spec §4 names).
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
    <Badge variant="light" color={known ? colors[state as CampaignState] : 'gray'}>
      {known ? campaignStateNames[state as CampaignState] : `State ${state}`}
    </Badge>
  );
}

import { CampaignState, campaignTexts } from '@marquee/contracts/campaigns';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { campaignRowFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CampaignDisabledNotice, disabledNotices } from './campaign-disabled-notice.tsx';

const clip = campaignRowFixture().videoclip_data!;

describe('CampaignDisabledNotice', () => {
  it('says nothing while the clip and every location are enabled', () => {
    renderWithProviders(<CampaignDisabledNotice campaign={campaignRowFixture()} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says plainly that a disabled clip does not play, and where a disabled location leaves it out', async () => {
    const campaign = campaignRowFixture({
      videoclip_data: { ...clip, is_active: false },
      disabled_locations_data: [
        { id: 4, name: 'Central Station' },
        { id: 7, name: 'Harbour kiosk' },
      ],
    });
    renderWithProviders(<CampaignDisabledNotice campaign={campaign} />);
    const notice = await screen.findByRole('alert', { name: 'Not playing' });
    expect(notice).toHaveTextContent(campaignTexts.clipDisabled('Snow clip'));
    expect(notice).toHaveTextContent(campaignTexts.locationDisabled('Central Station'));
    expect(notice).toHaveTextContent(campaignTexts.locationDisabled('Harbour kiosk'));
    expect(campaignTexts.clipDisabled('Snow clip')).toBe('The clip Snow clip is disabled: it does not play.');
    expect(campaignTexts.locationDisabled('Harbour kiosk')).toBe(
      'Location Harbour kiosk is disabled: the campaign does not play there.',
    );
  });

  it('names only the location when the clip is enabled, and nothing for a finished campaign', () => {
    const oneSite = { disabled_locations_data: [{ id: 4, name: 'Central Station' }] };
    expect(disabledNotices(campaignRowFixture(oneSite))).toEqual([campaignTexts.locationDisabled('Central Station')]);
    expect(
      disabledNotices(
        campaignRowFixture({
          ...oneSite,
          state: CampaignState.Finished,
          videoclip_data: { ...clip, is_active: false },
        }),
      ),
    ).toEqual([]);
  });
});

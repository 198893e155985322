import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { UserInfo } from '@marquee/contracts/auth';
import type { Videoclip } from '@marquee/contracts/videoclips';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { api } from '../../../lib/api.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { availabilityAnswer } from '../../../test/availability-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CampaignEditScreen } from './campaign-edit-screen.tsx';
import { config, locations } from './campaign-form-fixtures.ts';
import { campaignAddPath, prefillClipOf, prefillOf } from './campaign-form-search.ts';

// The playlist is its own piece: the shared stand-in shows its error and clip, and picks a clip.
vi.mock('./playlist/campaign-playlist.tsx', () => import('./playlist/playlist-stand-in.tsx'));

afterEach(() => vi.restoreAllMocks());

const clip: Videoclip = {
  id: 5,
  sys_id: 'VC-5',
  name: 'Morning Blend 10s',
  is_active: true,
  product: 3,
  product_data: { id: 3, name: 'Morning Blend', advertiser: 1, advertiser_name: 'Northwind Coffee' },
  video: 5,
  video_file: '/api/media/videos/5/',
  video_thumb: { url: '/api/media/videos/5/thumb/', preview: '/api/media/videos/5/preview/' },
  size: 1000,
  duration: 9.6,
  width: 320,
  height: 240,
};

describe('campaignAddPath and prefillOf', () => {
  it('carry the locations, zones, days, window and clip through the address, and drop what does not read', () => {
    const path = campaignAddPath({
      locations: [2, 1, 2],
      p_zones: [1, 1, 2],
      start_date: '2099-12-07',
      end_date: '2099-12-13',
      p_start_time: '06:00',
      p_end_time: '10:00',
      videoclip: 5,
    });
    expect(path).toBe(
      '/campaign/add?locations=1%2C2&p_zones=1%2C2&start_date=2099-12-07&end_date=2099-12-13&p_start_time=06%3A00&p_end_time=10%3A00&videoclip=5',
    );
    const search = new URLSearchParams(path.split('?')[1]);
    expect(prefillOf(search)).toEqual({
      locations: [1, 2],
      p_zones: [1, 2],
      start_date: '2099-12-07',
      end_date: '2099-12-13',
      p_times_on: true,
      p_start_time: '06:00',
      p_end_time: '10:00',
    });
    expect(prefillClipOf(search)).toBe(5);
    expect(campaignAddPath({})).toBe(paths.campaignAdd);
    // Half a window, a day that is none, ids that are none: left out.
    expect(prefillOf(new URLSearchParams('locations=x,0&start_date=2099-02-30&p_start_time=06:00&p_zones=-1'))).toEqual(
      {},
    );
  });
});

describe('CampaignEditScreen on /campaign/add with values in the address', () => {
  it('starts the form from them, with the named clip in the playlist', async () => {
    const get = vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === appConfigEndpoint) return config as never;
      if (path === '/api/locations/')
        return { count: 2, next: null, previous: null, results: locations, _permissions: [] } as never;
      if (path === '/api/videoclips/5/') return { ...clip, _permissions: ['view_videoclip'] } as never;
      if (path === '/api/locations/availability/') return availabilityAnswer([]) as never;
      throw new Error(`unexpected GET ${path}`);
    });
    const view = renderWithProviders(<></>, {
      route: `${paths.campaignAdd}?locations=1&p_zones=1,2&start_date=2099-12-07&end_date=2099-12-13&p_start_time=08:00&p_end_time=12:00&videoclip=5`,
      routes: [{ path: paths.campaignAdd, element: <CampaignEditScreen /> }],
    });
    view.queryClient.setQueryData(userInfoQueryKey, {
      id: 1,
      username: 'sam',
      full_name: 'Sam',
      time_zone: 'UTC',
      _permissions: ['add_campaign', 'list_location', 'list_videoclip', 'view_videoclip'],
    } satisfies UserInfo);

    expect(await screen.findByText('Playlist clip: Morning Blend 10s')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/videoclips/5/', expect.anything());
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Start date/ })).toHaveValue('2099-12-07'));
    expect(screen.getByRole('textbox', { name: /End date/ })).toHaveValue('2099-12-13');
    // The location's pill (and the room panel naming it).
    expect(screen.getAllByText('Central station').length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox', { name: 'Zone 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Zone 2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Zone 3' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /daily time window/ })).toBeChecked();
    // The time selects (each with its hidden input of the same value).
    for (const time of ['08:00', '12:00']) {
      const shown = screen.getAllByDisplayValue(time).filter((input) => input.getAttribute('type') !== 'hidden');
      expect(shown, time).toHaveLength(1);
      expect(shown[0]).toBeEnabled();
    }
  }, 15_000);
});

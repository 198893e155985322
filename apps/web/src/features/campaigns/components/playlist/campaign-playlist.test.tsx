import { campaignTexts } from '@marquee/contracts/campaigns';
import type { Videoclip } from '@marquee/contracts/videoclips';
import { messages } from '@marquee/contracts/texts';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../lib/api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { CampaignRow } from '../../api/campaigns.ts';
import {
  CampaignPlaylist,
  type CampaignPlaylistProps,
  type CampaignPlaylistValue,
  type PlaylistClip,
} from './campaign-playlist.tsx';

const clip = (id: number, name: string): PlaylistClip => ({
  id,
  name,
  video_file: `/api/media/videos/${id}/`,
  video_thumb: { url: `/api/media/videos/${id}/thumb/`, preview: `/api/media/videos/${id}/preview/` },
  duration: 15,
  advertiser: 1,
});

const videoclip = (id: number, name: string): Videoclip => ({
  ...clip(id, name),
  sys_id: `VC-${id}`,
  is_active: true,
  product: 3,
  product_data: { id: 3, name: 'Rockets', advertiser: 1, advertiser_name: 'Acme' },
  video: id,
  size: 1000,
  width: 320,
  height: 240,
});

/** A campaign the location plays (only what the preview reads). */
const row = (id: number, ordering: number, name: string, played: PlaylistClip) =>
  ({ id, ordering, name, videoclip: played.id, videoclip_data: played, _permissions: [] }) as unknown as CampaignRow;

const spring = clip(100, 'Spring sale');
const coffee = clip(101, 'Coffee time');
const rockets = clip(102, 'Rocket launch');
const boxClips = [videoclip(100, 'Spring sale'), videoclip(200, 'Summer promo')];
const playlist = [
  row(10, 1, 'Spring campaign', spring),
  row(11, 2, 'Coffee campaign', coffee),
  row(13, 3, 'Night campaign', rockets),
];

const paged = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/api/videoclips/') return paged(boxClips);
    if (path === '/api/locations/5/actual_campaigns/') return paged(playlist);
    throw new Error(`unexpected GET ${path}`);
  });
});

afterEach(() => vi.restoreAllMocks());

type HarnessProps = Partial<Omit<CampaignPlaylistProps, 'value' | 'onChange'>> & {
  initial: CampaignPlaylistValue;
  onChange: (value: CampaignPlaylistValue) => void;
};

/** The form's part: holds the value and passes every change on. */
function Harness({ initial, onChange, locations = [5], readOnly = false, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <CampaignPlaylist
      {...props}
      locations={locations}
      readOnly={readOnly}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const empty: CampaignPlaylistValue = { videoclip: null, clip: null, ordering: 0 };
/** The saved campaign 12, playing "Summer promo" after the coffee campaign (ordering 2, id 12 > 11). */
const saved: CampaignPlaylistValue = { videoclip: 200, clip: clip(200, 'Summer promo'), ordering: 2 };

const playlistItems = async () => {
  const list = await screen.findByRole('list', { name: 'Playlist order' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
};

describe('CampaignPlaylist', () => {
  it("shows the location's loop with this campaign highlighted at its ordering", async () => {
    renderWithProviders(<Harness initial={saved} campaignId={12} onChange={vi.fn()} />);
    expect(await playlistItems()).toEqual([
      '1. Spring sale, campaign Spring campaign',
      '2. Coffee time, campaign Coffee campaign',
      '3. Summer promo, this campaign',
      '4. Rocket launch, campaign Night campaign',
    ]);
    expect(screen.getByText('This campaign')).toBeInTheDocument();
  });

  it("starts the loop's player on this campaign's clip, not on the loop's first", async () => {
    // The loop arrives after the campaign's own clip is known (as on the approval screen).
    let answer: (value: unknown) => void = () => undefined;
    const get = vi.mocked(api.get).getMockImplementation()!;
    vi.spyOn(api, 'get').mockImplementation((path: string, options) =>
      path === '/api/locations/5/actual_campaigns/'
        ? (new Promise((resolve) => (answer = resolve)) as never)
        : get(path, options),
    );
    renderWithProviders(<Harness initial={saved} campaignId={12} readOnly onChange={vi.fn()} />);
    await screen.findByTestId('playlist-loading');
    answer(paged(playlist));
    const player = await screen.findByRole('group', { name: 'Video player: Playlist preview' });
    expect(within(player).getByText(/clip 3 of 4: Summer promo/)).toBeInTheDocument();
    expect(player.querySelector('video')).toHaveAttribute('src', '/api/media/videos/200/');
  });

  it('says why the clip box is empty and who can fix it when the user may book no clip', async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path === '/api/videoclips/') return paged([]);
      if (path === '/api/locations/5/actual_campaigns/') return paged(playlist);
      throw new Error(`unexpected GET ${path}`);
    });
    const { user } = renderWithProviders(<Harness initial={empty} onChange={vi.fn()} />);
    expect(await screen.findByText(campaignTexts.noBookableClips)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search clips' }), 'zz');
    expect(await screen.findByText('No clips match')).toBeInTheDocument();
  });

  it('adds a clip with its button; a new campaign goes to the end of the loop', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={empty} onChange={onChange} />);
    await screen.findByRole('list', { name: 'Playlist order' });
    await user.click(await screen.findByRole('button', { name: 'Add Summer promo to the playlist' }));
    expect(onChange).toHaveBeenLastCalledWith({ videoclip: 200, clip: clip(200, 'Summer promo'), ordering: 4 });
    expect((await playlistItems()).at(-1)).toBe('4. Summer promo, this campaign');
  });

  it('replaces the clip of a campaign in its place', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <Harness initial={{ ...saved, videoclip: 300, clip: clip(300, 'Old') }} campaignId={12} onChange={onChange} />,
    );
    await screen.findByRole('list', { name: 'Playlist order' });
    await user.click(await screen.findByRole('button', { name: 'Add Summer promo to the playlist' }));
    expect(onChange).toHaveBeenLastCalledWith({ videoclip: 200, clip: clip(200, 'Summer promo'), ordering: 2 });
  });

  it(`asks "${messages.duplicateClipTitle}" for a clip already in the loop: Cancel changes nothing, Add adds`, async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={empty} onChange={onChange} />);
    await screen.findByRole('list', { name: 'Playlist order' });
    const addSpring = await screen.findByRole('button', { name: 'Add Spring sale to the playlist' });

    await user.click(addSpring);
    let dialog = await screen.findByRole('dialog', { name: messages.duplicateClipTitle });
    expect(within(dialog).getByText(messages.duplicateClipText)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('This campaign')).not.toBeInTheDocument();

    await user.click(addSpring);
    dialog = await screen.findByRole('dialog', { name: messages.duplicateClipTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(onChange).toHaveBeenLastCalledWith({ videoclip: 100, clip: spring, ordering: 4 });
  });

  it("asks too when the clip is already this campaign's", async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={saved} campaignId={12} onChange={onChange} />);
    await screen.findByRole('list', { name: 'Playlist order' });
    await user.click(await screen.findByRole('button', { name: 'Add Summer promo to the playlist' }));
    expect(await screen.findByRole('dialog', { name: messages.duplicateClipTitle })).toBeInTheDocument();
  });

  it('removes the clip, keeping the ordering', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={saved} campaignId={12} onChange={onChange} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Summer promo' }));
    expect(onChange).toHaveBeenLastCalledWith({ videoclip: null, clip: null, ordering: 2 });
    expect(await playlistItems()).toHaveLength(3);
  });

  it('moves this campaign up and down, setting the ordering that plays it there', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={saved} campaignId={12} onChange={onChange} />);
    await user.click(await screen.findByRole('button', { name: 'Move up' }));
    // After the spring campaign (ordering 1, id 10 < 12).
    expect(onChange).toHaveBeenLastCalledWith({ ...saved, ordering: 1 });
    expect((await playlistItems())[1]).toBe('2. Summer promo, this campaign');
    expect(screen.getByRole('button', { name: 'Move up' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Move up' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...saved, ordering: 0 });
    expect(screen.getByRole('button', { name: 'Move up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move down' }));
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    // After the night campaign (ordering 3, id 13 > 12): one more.
    expect(onChange).toHaveBeenLastCalledWith({ ...saved, ordering: 4 });
    expect((await playlistItems())[3]).toBe('4. Summer promo, this campaign');
    expect(screen.getByRole('button', { name: 'Move down' })).toBeDisabled();
  });

  it('is read-only: the same loop without the clip box, add, move, remove or drag', async () => {
    renderWithProviders(<Harness initial={saved} campaignId={12} readOnly onChange={vi.fn()} />);
    expect(await playlistItems()).toHaveLength(4);
    expect(screen.queryByRole('region', { name: 'Video clips' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Search clips' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move|Remove|Drag/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Drop a clip/)).not.toBeInTheDocument();
  });

  it('shows the error under the playlist', async () => {
    renderWithProviders(<Harness initial={empty} error={messages.selectVideoClip} onChange={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.selectVideoClip);
  });

  it("without a location, asks for one and shows the campaign's clip alone", async () => {
    renderWithProviders(<Harness initial={saved} campaignId={12} locations={[]} onChange={vi.fn()} />);
    expect(screen.getByText('Choose a location to see what it plays')).toBeInTheDocument();
    expect(await playlistItems()).toEqual(['1. Summer promo, this campaign']);
  });
});

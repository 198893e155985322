// A playlist's campaign and day as the gateway gives them, for the simulator's unit tests: every field
// a player reads, with the values a test does not care about filled in.
import type { PlaylistResponse } from '@marquee/contracts/device-gateway';

type PlaylistCampaign = PlaylistResponse['campaigns'][number];
type PlaylistDay = PlaylistResponse['days'][number];

/** Campaign `id` with a 10 s clip of `id` (checksum 'a'…), zone 1, no window, on 15–16 June 2030. */
export const playlistCampaign = (
  id: number,
  { clip, ...extra }: Partial<Omit<PlaylistCampaign, 'clip'>> & { clip?: Partial<PlaylistCampaign['clip']> } = {},
): PlaylistCampaign => ({
  id,
  sys_id: `c${id}`,
  name: `C${id}`,
  state: 3,
  start_date: '2030-06-15',
  end_date: '2030-06-16',
  ordering: 0,
  zones: [1],
  overlays: [],
  p_times_on: false,
  p_start_time: null,
  p_end_time: null,
  p_gender_on: false,
  p_gender: null,
  p_age_on: false,
  p_age: null,
  ...extra,
  clip: {
    id,
    name: 'clip',
    url: `/v/${id}`,
    checksum: 'a'.repeat(64),
    size: 1,
    duration: 10,
    content_type: 'video/mp4',
    ...clip,
  },
});

/** A playlist day open `open`–`close` with a loop of `loop` seconds (instants left empty). */
export const playlistDay = (
  date: string,
  {
    open = '00:00',
    close = '24:00',
    loop = 60,
    campaigns = [] as PlaylistCampaign[],
    ...extra
  }: Partial<Omit<PlaylistDay, 'open_time' | 'close_time' | 'loop_seconds' | 'campaigns'>> & {
    open?: string;
    close?: string;
    loop?: number;
    campaigns?: PlaylistCampaign[];
  } = {},
): PlaylistDay => ({
  date,
  starts_at: '',
  ends_at: '',
  open_time: open,
  close_time: close,
  opens_at: '',
  closes_at: '',
  loop_seconds: loop,
  campaigns,
  ...extra,
});

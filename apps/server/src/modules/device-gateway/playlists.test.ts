// The pure parts of the playlist: a day's instants (clock changes, closing past midnight) and a
// screen's campaigns in the zones it shows.
import { describe, expect, it } from 'vitest';
import type { PlaylistCampaign } from '@marquee/contracts/device-gateway';
import { campaignsInZones, playlistDayOf, playlistVersion } from './playlists.ts';

const hours = (open_time: string, close_time: string) => ({ open_time, close_time, loop_seconds: 60 });

describe('playlistDayOf', () => {
  it('gives the day and its opening as instants, 25 hours on the day the clocks go back', () => {
    expect(playlistDayOf('2030-10-27', hours('06:00', '24:00'), [], 'Europe/Berlin')).toEqual({
      date: '2030-10-27',
      starts_at: '2030-10-26T22:00:00.000Z',
      ends_at: '2030-10-27T23:00:00.000Z',
      open_time: '06:00',
      close_time: '24:00',
      opens_at: '2030-10-27T05:00:00.000Z',
      closes_at: '2030-10-27T23:00:00.000Z',
      loop_seconds: 60,
      campaigns: [],
    });
  });

  it('closes the next day when the closing time is not after the opening time; 23 hours in spring', () => {
    const day = playlistDayOf('2030-03-31', hours('22:00', '02:00'), [], 'Europe/Berlin');
    expect(day.starts_at).toBe('2030-03-30T23:00:00.000Z');
    expect(day.ends_at).toBe('2030-03-31T22:00:00.000Z');
    expect(day.opens_at).toBe('2030-03-31T20:00:00.000Z');
    expect(day.closes_at).toBe('2030-04-01T00:00:00.000Z');
  });
});

describe('campaignsInZones', () => {
  const campaign = (id: number, zones: number[], overlays: number[] = []) =>
    ({ id, zones, overlays: overlays.map((zone) => ({ zone, url: `/o/${zone}`, size: 1 })) }) as PlaylistCampaign;

  it('keeps the campaigns of the zones shown, in those zones and with their overlays only', () => {
    const list = [campaign(1, [1, 2], [1, 2]), campaign(2, [3]), campaign(3, [2])];
    expect(campaignsInZones(list, [1, 2, 3])).toEqual(list);
    expect(campaignsInZones(list, [2])).toEqual([campaign(1, [2], [2]), campaign(3, [2])]);
    expect(campaignsInZones(list, [4])).toEqual([]);
  });

  it('gives the same version for the same content, another for other content', () => {
    const day = playlistDayOf('2030-10-27', hours('06:00', '24:00'), [], 'UTC');
    const next = { ...day, date: '2030-10-28' };
    expect(playlistVersion(1, [day], null)).toBe(playlistVersion(1, [next], null));
    expect(playlistVersion(1, [day], null)).not.toBe(playlistVersion(1, [day], { url: '/i/1/', size: 2 }));
    expect(playlistVersion(1, [day], null)).not.toBe(playlistVersion(2, [day], null));
  });
});

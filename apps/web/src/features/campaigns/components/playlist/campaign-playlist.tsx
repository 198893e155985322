// PLACEHOLDER (helper B replaces the implementation; keep the exported names and props).
// The clip selection box (clips by advertiser and product) and the playlist preview of a chosen
// location: its actual campaigns in order with this campaign's clip at its position.
import type { Campaign } from '@marquee/contracts/campaigns';

/** The clip the campaign plays, as the playlist shows it. */
export type PlaylistClip = NonNullable<Campaign['videoclip_data']>;

export type CampaignPlaylistValue = {
  /** The campaign's clip id, or null when none is in the playlist. */
  videoclip: number | null;
  /** The clip's details when known (for the preview). */
  clip: PlaylistClip | null;
  /** The campaign's position in the location's loop. */
  ordering: number;
};

export type CampaignPlaylistProps = {
  /** The chosen locations; the preview shows one of them (a picker when several). */
  locations: number[];
  /** The edited campaign (left out of the location's list: it is shown as "this campaign"). */
  campaignId?: number;
  value: CampaignPlaylistValue;
  onChange: (value: CampaignPlaylistValue) => void;
  readOnly: boolean;
  /** 'Select video clip!' etc. */
  error?: string;
};

export function CampaignPlaylist(_props: CampaignPlaylistProps) {
  return null;
}

// The availability panel's wiring for the campaign form: the fields the room depends on, the clip's
// seconds per loop, the room itself (`useLoopRoom`), the warning beside it and the scope it speaks of.
import type { Campaign, CampaignInput } from '@marquee/contracts/campaigns';
import { clipSeconds } from '@marquee/contracts/inventory';
import { useWatch, type Control } from 'react-hook-form';
import { availabilityTexts, scopeText } from './availability-panel.tsx';
import { useLoopRoom } from './availability-room.ts';
import type { CampaignFormValues } from './campaign-form-values.ts';

export type CampaignRoomOptions = {
  control: Control<CampaignFormValues, unknown, CampaignInput>;
  /** The saved campaign (its own seconds do not count against it); undefined on /campaign/add. */
  campaign: Campaign | undefined;
  /** The panel is shown: otherwise nothing is asked for. */
  show: boolean;
  readOnly: boolean;
  /** The campaign is booked: a clip that does not fit is refused rather than held. */
  booked: boolean;
  /** Today in the server's time zone. */
  today: string;
};

export function useCampaignRoom({ control, campaign, show, readOnly, booked, today }: CampaignRoomOptions) {
  const [locations, videoclip, clip, startDate, endDate] = useWatch({
    control,
    name: ['locations', 'videoclip', 'clip', 'start_date', 'end_date'],
  });
  const [zones, timesOn, startTime, endTime] = useWatch({
    control,
    name: ['p_zones', 'p_times_on', 'p_start_time', 'p_end_time'],
  });
  // The clip's seconds per loop; the saved share when the clip's details are not at hand.
  const need = clip
    ? clipSeconds(clip.duration)
    : videoclip !== null && videoclip === campaign?.videoclip
      ? (campaign.loop_share?.[0]?.clip_s ?? null)
      : null;
  const room = useLoopRoom({
    locations: show ? locations : [],
    start_date: startDate,
    end_date: endDate,
    p_zones: zones,
    p_times_on: timesOn,
    p_start_time: startTime,
    p_end_time: endTime,
    need,
    excludeCampaign: campaign?.id,
    today,
  });
  const warning = readOnly ? undefined : booked ? availabilityTexts.bookedWarning : availabilityTexts.holdWarning;
  const scope = scopeText({ p_zones: zones, p_times_on: timesOn, p_start_time: startTime, p_end_time: endTime });
  return { room, warning, scope };
}

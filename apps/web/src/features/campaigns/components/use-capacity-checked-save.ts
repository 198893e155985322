// Saving a campaign where its clip may no longer fit (a booked campaign's edit): the server refuses
// with the conflicts, which stay shown; a user with override_capacity may confirm and save anyway.
import type { Campaign, CampaignInput } from '@marquee/contracts/campaigns';
import type { NoRoomError } from '@marquee/contracts/availability';
import { useRef, useState } from 'react';
import type { Detail } from '../../../lib/resources.ts';
import { useSaveCampaign } from '../api/campaigns.ts';
import { confirmOverride, noRoomOf, showQuiet400 } from './capacity-conflicts.tsx';

const saveAnywayText =
  'The clip does not fit in these slots beside the campaigns already booked. Saving anyway books it there all the same, overbooking the loop.';

export type CapacityCheckedSaveOptions = {
  /** The saved campaign's id; undefined on /campaign/add. */
  campaignId: number | undefined;
  /** The user may book where the clip does not fit. */
  canOverride: boolean;
};

export function useCapacityCheckedSave({ campaignId, canOverride }: CapacityCheckedSaveOptions) {
  const save = useSaveCampaign();
  // The last save refused because the clip does not fit (a booked campaign's edit).
  const [refusal, setRefusal] = useState<NoRoomError | null>(null);
  // "Save anyway…" of the refusal: the next save asks to override at once, without trying first.
  const overrideNext = useRef<NoRoomError | null>(null);

  /** Saves; a booked campaign that no longer fits is refused, and an overriding user may save anyway. */
  const saveChecked = async (input: CampaignInput): Promise<Detail<Campaign>> => {
    const send = (values: CampaignInput) => save.mutateAsync({ id: campaignId, values, quiet400: true });
    let refused = overrideNext.current;
    overrideNext.current = null;
    if (!refused) {
      try {
        const saved = await send(input);
        setRefusal(null);
        return saved;
      } catch (error) {
        refused = noRoomOf(error);
        if (!refused) {
          showQuiet400(error);
          throw error;
        }
        setRefusal(refused);
      }
    }
    if (!canOverride || !(await confirmOverride({ title: 'Save anyway', text: saveAnywayText, refusal: refused }))) {
      throw new Error('Not saved: the clip does not fit.');
    }
    try {
      const saved = await send({ ...input, override_capacity: true });
      setRefusal(null);
      return saved;
    } catch (error) {
      const again = noRoomOf(error);
      if (again) setRefusal(again);
      else showQuiet400(error);
      throw error;
    }
  };

  /** Makes the next save ask to override at once (the refusal's "Save anyway…"). */
  const overrideNextSave = (refused: NoRoomError) => {
    overrideNext.current = refused;
  };

  return { saveChecked, refusal, overrideNextSave };
}

// Disable or enable a location, after a confirmation: a disabled location gets no new campaigns.
import type { Location } from '@marquee/contracts/locations';
import { ActiveStateButton, activeStateActions } from '../../../components/active-state-button.tsx';
import { useDisableLocation } from '../api/disable-location.ts';
import { useEnableLocation } from '../api/enable-location.ts';

export function LocationStatusActions({ location }: { location: Location }) {
  const disable = useDisableLocation();
  const enable = useEnableLocation();
  return (
    <ActiveStateButton
      isActive={location.is_active}
      noun="location"
      name={location.name}
      disableNote="Campaigns can no longer be sent to it."
      again
      {...activeStateActions(location.id, `Location "${location.name}"`, disable, enable)}
    />
  );
}

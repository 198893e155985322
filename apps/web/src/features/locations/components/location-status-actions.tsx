// Disable or enable a location, after a confirmation: a disabled location gets no new campaigns.
import type { Location } from '@marquee/contracts/locations';
import { ActiveStateButton } from '../../../components/active-state-button.tsx';
import { showSuccess } from '../../../lib/notifications.ts';
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
      loading={location.is_active ? disable.isPending : enable.isPending}
      onDisable={() =>
        disable.mutate(location.id, { onSuccess: () => showSuccess(`Location "${location.name}" disabled.`) })
      }
      onEnable={() =>
        enable.mutate(location.id, { onSuccess: () => showSuccess(`Location "${location.name}" enabled.`) })
      }
    />
  );
}

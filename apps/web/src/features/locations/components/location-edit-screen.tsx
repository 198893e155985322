// /location/add and /location/:id: the location form, then (for a saved location) its week's fill, images and
// the devices and zones tabs. What the user may do comes from the `_permissions` of the answers.
import { permissionFlags } from '@marquee/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../components/detail-screen.tsx';
import { ImageBox } from '../../../components/image-box/image-box.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useUserChoices } from '../../../lib/user-choices.ts';
import { useLocation } from '../api/get-location.ts';
import { locationImagesPath, refreshLocation } from '../api/location-action.ts';
import { LocationDevices } from './location-devices.tsx';
import { LocationForm } from './location-form.tsx';
import { LocationWeekFill } from './location-week-fill.tsx';
import { LocationZones } from './location-zones.tsx';
import { IconDeviceTv, IconLayoutGrid } from '@tabler/icons-react';

export function LocationEditScreen() {
  const id = useRouteId();
  const me = useCurrentUser();
  const location = useLocation(id ?? undefined);
  const queryClient = useQueryClient();
  const canListUsers = permissionFlags(me?._permissions, 'user').canList;
  // The availability API needs list_location; its 403 would open the "No permission" dialog.
  const canSeeRoom = permissionFlags(me?._permissions, 'location').canList;
  const users = useUserChoices(canListUsers);

  if (id === null) return <Navigate to={paths.home} replace />;

  const isNew = id === undefined;
  const breadcrumbs = [{ label: 'Locations', to: paths.locations }, { label: isNew ? 'Add location' : 'Location' }];

  if (!isNew && location.isError) {
    return (
      <DetailLoadError
        title="Location"
        breadcrumbs={breadcrumbs}
        noun="location"
        back={{ to: paths.locations, label: 'Back to the locations' }}
      />
    );
  }

  // Without the users list the pickers show the chosen users only; the form does not wait for it.
  const usersReady = !canListUsers || users.data !== undefined || users.isError;
  if (!usersReady || (!isNew && !location.data)) {
    return (
      <DetailSkeleton title={isNew ? 'Add location' : 'Location'} breadcrumbs={breadcrumbs} heights={[140, 200]} />
    );
  }

  const objectFlags = permissionFlags(location.data?._permissions, 'location');
  const readOnly = isNew ? !permissionFlags(me?._permissions, 'location').canAdd : !objectFlags.canChange;
  const saved = isNew ? undefined : location.data;

  return (
    <LocationForm
      key={id ?? 'new'}
      location={saved}
      users={canListUsers ? users.data : undefined}
      readOnly={readOnly}
      canChange={!isNew && objectFlags.canChange}
      extraTabs={
        saved
          ? [
              // Each tab for whoever may list what it shows (a seller reads the loop and the fill).
              ...(permissionFlags(me?._permissions, 'device').canList
                ? [
                    {
                      value: 'devices',
                      label: 'Devices',
                      icon: <IconDeviceTv size={16} aria-hidden />,
                      panel: <LocationDevices locationId={saved.id} />,
                    },
                  ]
                : []),
              ...(permissionFlags(me?._permissions, 'locationzone').canList
                ? [
                    {
                      value: 'zones',
                      label: 'Zones',
                      icon: <IconLayoutGrid size={16} aria-hidden />,
                      panel: <LocationZones locationId={saved.id} canChangeLocation={objectFlags.canChange} />,
                    },
                  ]
                : []),
            ]
          : []
      }
    >
      {saved && (
        <>
          {canSeeRoom && <LocationWeekFill locationId={saved.id} />}
          <ImageBox
            endpoint={locationImagesPath(saved.id)}
            label="Images"
            readOnly={!objectFlags.canChange}
            onChange={() => refreshLocation(queryClient, saved.id)}
          />
        </>
      )}
    </LocationForm>
  );
}

// /location/add and /location/:id: the location form, then (for a saved location) its images and
// the devices and zones tabs. What the user may do comes from the `_permissions` of the answers.
import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ImageBox } from '../../../components/image-box/image-box.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useLocation } from '../api/get-location.ts';
import { useUserChoices } from '../api/get-user-choices.ts';
import { locationImagesPath, refreshLocation } from '../api/location-action.ts';
import { LocationDevices } from './location-devices.tsx';
import { LocationForm } from './location-form.tsx';
import { LocationZones } from './location-zones.tsx';

function parseId(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function LocationEditScreen() {
  const params = useParams();
  const id = parseId(params.id);
  const me = useCurrentUser();
  const location = useLocation(id ?? undefined);
  const queryClient = useQueryClient();
  const canListUsers = permissionFlags(me?._permissions, 'user').canList;
  const users = useUserChoices(canListUsers);

  if (id === null) return <Navigate to={paths.home} replace />;

  const isNew = id === undefined;
  const breadcrumbs = [{ label: 'Locations', to: paths.locations }, { label: isNew ? 'Add location' : 'Location' }];

  if (!isNew && location.isError) {
    return (
      <>
        <PageHeader title="Location" breadcrumbs={breadcrumbs} />
        <Alert color="red" variant="light">
          The location could not be loaded.{' '}
          <Anchor component={Link} to={paths.locations}>
            Back to the locations
          </Anchor>
        </Alert>
      </>
    );
  }

  // Without the users list the pickers show the chosen users only; the form does not wait for it.
  const usersReady = !canListUsers || users.data !== undefined || users.isError;
  if (!usersReady || (!isNew && !location.data)) {
    return (
      <>
        <PageHeader title={isNew ? 'Add location' : 'Location'} breadcrumbs={breadcrumbs} />
        <Stack gap="md" aria-busy="true">
          <Skeleton height={140} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      </>
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
              { value: 'devices', label: 'Devices', panel: <LocationDevices locationId={saved.id} /> },
              {
                value: 'zones',
                label: 'Zones',
                panel: <LocationZones locationId={saved.id} canChangeLocation={objectFlags.canChange} />,
              },
            ]
          : []
      }
    >
      {saved && (
        <ImageBox
          endpoint={locationImagesPath(saved.id)}
          label="Images"
          readOnly={!objectFlags.canChange}
          onChange={() => refreshLocation(queryClient, saved.id)}
        />
      )}
    </LocationForm>
  );
}

// /advertiser/add and /advertiser/:id: the advertiser's form, its images and its clips.
import { Paper } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../components/detail-screen.tsx';
import { ImageBox } from '../../../components/image-box/image-box.tsx';
import { VideoclipTable } from '../../../components/videoclip-table/videoclip-table.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { advertiserActionPath, refreshAdvertiser } from '../api/advertiser-action.ts';
import { useAdvertiser } from '../api/get-advertiser.ts';
import { AdvertiserForm } from './advertiser-form.tsx';

export function AdvertiserEditScreen() {
  const id = useRouteId();
  const me = useCurrentUser();
  const advertiser = useAdvertiser(id ?? undefined);
  const queryClient = useQueryClient();

  if (id === null) return <Navigate to={paths.home} replace />;
  const isNew = id === undefined;
  const breadcrumbs = [
    { label: 'Advertisers', to: paths.advertisers },
    { label: isNew ? 'Add advertiser' : 'Advertiser' },
  ];

  if (!isNew && advertiser.isError) {
    return (
      <DetailLoadError
        title="Advertiser"
        breadcrumbs={breadcrumbs}
        noun="advertiser"
        back={{ to: paths.advertisers, label: 'Back to the advertisers' }}
      />
    );
  }
  if (!isNew && !advertiser.data) {
    return <DetailSkeleton title="Advertiser" breadcrumbs={breadcrumbs} heights={[96, 180, 220]} />;
  }

  const data = isNew ? undefined : advertiser.data;
  const objectFlags = permissionFlags(data?._permissions, 'advertiser');
  const readOnly = isNew ? !permissionFlags(me?._permissions, 'advertiser').canAdd : !objectFlags.canChange;
  const canListUsers = permissionFlags(me?._permissions, 'user').canList;

  return (
    <AdvertiserForm
      key={id ?? 'new'}
      advertiser={data}
      readOnly={readOnly}
      canChange={objectFlags.canChange}
      canListUsers={canListUsers}
      images={
        data && (
          <ImageBox
            endpoint={advertiserActionPath(data.id, 'images')}
            label="Images"
            readOnly={!objectFlags.canChange}
            onChange={() => refreshAdvertiser(queryClient, data.id)}
          />
        )
      }
      clips={
        data && (
          <Paper withBorder p="md" radius="md">
            <VideoclipTable
              label={`Video clips of ${data.name}`}
              filters={{ product__advertiser: data.id, is_active: true }}
              hide={['advertiser']}
              emptyText="This advertiser has no video clips yet."
            />
          </Paper>
        )
      }
    />
  );
}

// /advertiser/add and /advertiser/:id: the advertiser's form, its images and its clips.
import { Alert, Anchor, Paper, Skeleton, Stack } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ImageBox } from '../../../components/image-box/image-box.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { VideoclipTable } from '../../../components/videoclip-table/videoclip-table.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { advertiserActionPath, refreshAdvertiser } from '../api/advertiser-action.ts';
import { useAdvertiser } from '../api/get-advertiser.ts';
import { AdvertiserForm } from './advertiser-form.tsx';

function parseId(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function AdvertiserEditScreen() {
  const params = useParams();
  const id = parseId(params.id);
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
      <>
        <PageHeader title="Advertiser" breadcrumbs={breadcrumbs} />
        <Alert color="red" variant="light">
          The advertiser could not be loaded.{' '}
          <Anchor component={Link} to={paths.advertisers}>
            Back to the advertisers
          </Anchor>
        </Alert>
      </>
    );
  }

  if (!isNew && !advertiser.data) {
    return (
      <>
        <PageHeader title="Advertiser" breadcrumbs={breadcrumbs} />
        <Stack gap="md" aria-busy="true">
          <Skeleton height={96} radius="md" />
          <Skeleton height={180} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </>
    );
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

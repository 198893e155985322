// /video/add and /video/:id: upload a clip and choose its product; an existing clip plays in the
// player (its thumbnail as the poster, with a popup) and may get a new video.
import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { VideoPlayer } from '../../../components/video-player/video-player.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useProductChoices } from '../api/get-product-choices.ts';
import { useVideoclip } from '../api/get-videoclip.ts';
import { VideoForm } from './video-form.tsx';

function parseId(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function VideoEditScreen() {
  const params = useParams();
  const id = parseId(params.id);
  const me = useCurrentUser();
  const clip = useVideoclip(id ?? undefined);
  const canListProducts = permissionFlags(me?._permissions, 'product').canList;
  const products = useProductChoices(canListProducts, { activeOnly: true });

  if (id === null) return <Navigate to={paths.home} replace />;
  const isNew = id === undefined;
  const breadcrumbs = [{ label: 'Video clips', to: paths.videos }, { label: isNew ? 'Add video clip' : 'Video clip' }];

  if (!isNew && clip.isError) {
    return (
      <>
        <PageHeader title="Video clip" breadcrumbs={breadcrumbs} />
        <Alert color="red" variant="light">
          The video clip could not be loaded.{' '}
          <Anchor component={Link} to={paths.videos}>
            Back to the video clips
          </Anchor>
        </Alert>
      </>
    );
  }

  if (!isNew && !clip.data) {
    return (
      <>
        <PageHeader title="Video clip" breadcrumbs={breadcrumbs} />
        <Stack gap="md" aria-busy="true">
          <Skeleton height={48} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      </>
    );
  }

  const data = isNew ? undefined : clip.data;
  const objectFlags = permissionFlags(data?._permissions, 'videoclip');
  const readOnly = isNew ? !permissionFlags(me?._permissions, 'videoclip').canAdd : !objectFlags.canChange;

  return (
    <VideoForm
      key={id ?? 'new'}
      clip={data}
      products={products.data}
      productsLoading={canListProducts && products.isPending}
      readOnly={readOnly}
      canChange={objectFlags.canChange}
      player={
        data && (
          <VideoPlayer
            // A new video is a new player.
            key={data.video}
            label={data.name}
            clips={[{ key: data.video, name: data.name, src: data.video_file, poster: data.video_thumb.url }]}
            withPopup
          />
        )
      }
    />
  );
}

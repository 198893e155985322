// /video/add and /video/:id: upload a clip and choose its product; an existing clip plays in the
// player (its thumbnail as the poster, with a popup) and may get a new video.
import { permissionFlags } from '@marquee/contracts/common';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../components/detail-screen.tsx';
import { VideoPlayer } from '../../../components/video-player/video-player.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useProductChoices } from '../api/get-product-choices.ts';
import { useVideoclip } from '../api/get-videoclip.ts';
import { VideoForm } from './video-form.tsx';

export function VideoEditScreen() {
  const id = useRouteId();
  const me = useCurrentUser();
  const clip = useVideoclip(id ?? undefined);
  const canListProducts = permissionFlags(me?._permissions, 'product').canList;
  const products = useProductChoices(canListProducts, { activeOnly: true });

  if (id === null) return <Navigate to={paths.home} replace />;
  const isNew = id === undefined;
  const breadcrumbs = [{ label: 'Video clips', to: paths.videos }, { label: isNew ? 'Add video clip' : 'Video clip' }];

  if (!isNew && clip.isError) {
    return (
      <DetailLoadError
        title="Video clip"
        breadcrumbs={breadcrumbs}
        noun="video clip"
        back={{ to: paths.videos, label: 'Back to the video clips' }}
      />
    );
  }
  if (!isNew && !clip.data) {
    return <DetailSkeleton title="Video clip" breadcrumbs={breadcrumbs} heights={[48, 320]} />;
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

// /campaign/add and /campaign/:id: loads the campaign and decides whether the user may change it
// (add permission on /add; the campaign's own `_permissions` and its state otherwise). /add starts from
// the values its query string names (campaign-form-search.ts), its clip's details loaded first. A saved
// campaign's page says when its clip or one of its locations is disabled (it does not play there).
import { isClosed } from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import { useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../components/detail-screen.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCampaign } from '../api/campaigns.ts';
import { useBookingClip } from '../api/get-booking-clip.ts';
import { CampaignDeliverySummary } from './campaign-delivery-summary.tsx';
import { CampaignDisabledNotice } from './campaign-disabled-notice.tsx';
import { CampaignForm } from './campaign-form.tsx';
import { prefillClipOf, prefillOf } from './campaign-form-search.ts';
import { toPlaylistClip } from './playlist/clip-box.tsx';

export function CampaignEditScreen() {
  const id = useRouteId();
  const me = useCurrentUser();
  const campaign = useCampaign(id ?? undefined);
  const [search] = useSearchParams();
  const isNew = id === undefined;
  const prefillClip = isNew ? prefillClipOf(search) : undefined;
  const clip = useBookingClip(prefillClip);
  const initial = useMemo(() => {
    if (!isNew) return undefined;
    const values = prefillOf(search);
    return clip.data ? { ...values, videoclip: clip.data.id, clip: toPlaylistClip(clip.data) } : values;
  }, [isNew, search, clip.data]);

  if (id === null) return <Navigate to={paths.home} replace />;
  const breadcrumbs = [{ label: 'Campaigns', to: paths.campaigns }, { label: isNew ? 'Add campaign' : 'Campaign' }];

  if (!isNew && campaign.isError) {
    return (
      <DetailLoadError
        title="Campaign"
        breadcrumbs={breadcrumbs}
        noun="campaign"
        back={{ to: paths.campaigns, label: 'Back to the campaigns' }}
      />
    );
  }
  // The named clip's details first (the user decides how they are asked for): the form takes its first
  // values once.
  if ((!isNew && !campaign.data) || (prefillClip !== undefined && (!me || clip.isLoading))) {
    return <DetailSkeleton title="Campaign" breadcrumbs={breadcrumbs} heights={[32, 280, 280, 320]} />;
  }

  const data = isNew ? undefined : campaign.data;
  const readOnly = data
    ? isClosed(data.state) || !permissionFlags(data._permissions, 'campaign').canChange
    : !permissionFlags(me?._permissions, 'campaign').canAdd;

  // What of it is disabled, and its delivery once it has played (the summary shows nothing before, or
  // without the statistics).
  const aside = data && (
    <>
      <CampaignDisabledNotice campaign={data} />
      <CampaignDeliverySummary campaignId={data.id} />
    </>
  );
  return <CampaignForm key={id ?? 'new'} campaign={data} initial={initial} readOnly={readOnly} aside={aside} />;
}

// /campaign/add and /campaign/:id: loads the campaign and decides whether the user may change it
// (add permission on /add; the campaign's own `_permissions` and its state otherwise).
import { isClosed } from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../components/detail-screen.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCampaign } from '../api/campaigns.ts';
import { CampaignDeliverySummary } from './campaign-delivery-summary.tsx';
import { CampaignForm } from './campaign-form.tsx';

export function CampaignEditScreen() {
  const id = useRouteId();
  const me = useCurrentUser();
  const campaign = useCampaign(id ?? undefined);

  if (id === null) return <Navigate to={paths.home} replace />;
  const isNew = id === undefined;
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
  if (!isNew && !campaign.data) {
    return <DetailSkeleton title="Campaign" breadcrumbs={breadcrumbs} heights={[32, 280, 280, 320]} />;
  }

  const data = isNew ? undefined : campaign.data;
  const readOnly = data
    ? isClosed(data.state) || !permissionFlags(data._permissions, 'campaign').canChange
    : !permissionFlags(me?._permissions, 'campaign').canAdd;

  // Its delivery once it has played (the component shows nothing before, or without the statistics).
  const delivery = data && <CampaignDeliverySummary campaignId={data.id} />;
  return <CampaignForm key={id ?? 'new'} campaign={data} readOnly={readOnly} aside={delivery} />;
}

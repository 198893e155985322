// /campaign/approve/:id: a campaign read-only and, while it waits for approval (the server says so
// through `approve_campaign`), what changed since it was last approved, with Approve and Reject. Who
// sent it and its clip are at the top, so the reviewer sees both without scrolling. The room its clip
// finds in the loops shows before the form; an approval refused for want of room shows the server's
// message and conflicts, and a user who may override is asked to approve anyway.
import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { NoRoomError } from '@marquee/contracts/availability';
import { campaignChanges, campaignStateNames, type Campaign, type CampaignState } from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import { clipSeconds } from '@marquee/contracts/inventory';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../../components/detail-screen.tsx';
import { ListLoadError } from '../../../../components/list-states.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { VideoPlayer } from '../../../../components/video-player/video-player.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useAppConfig } from '../../../../lib/app-config.ts';
import { serverToday } from '../../../../lib/server-today.ts';
import { showSuccess } from '../../../../lib/notifications.ts';
import type { Detail } from '../../../../lib/resources.ts';
import { useCampaign, useCampaignTransition, useLastReviewed } from '../../api/campaigns.ts';
import { AvailabilityPanel, availabilityTexts, scopeText } from '../availability-panel.tsx';
import { useLoopRoom } from '../availability-room.ts';
import { CampaignForm } from '../campaign-form.tsx';
import { canOverrideCapacity, confirmOverride, noRoomOf, NoRoomAlert, showQuiet400 } from '../capacity-conflicts.tsx';
import { CampaignStateBadge } from '../../../../components/campaign-state-badge.tsx';
import { CampaignChanges } from './campaign-changes.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { SysIdBadge } from '../../../../components/sys-id.tsx';

const TITLE = 'Campaign approval';
const LIST_CRUMB = { label: 'Approval', to: paths.campaignApprovals };

const stateName = (state: number) => campaignStateNames[state as CampaignState] ?? `state ${state}`;

/** "Sent for approval by Anna Berg (anna) 2026-03-01 10:00:00", or created by, once it was decided. */
export function authorLine({
  author,
  submitted_at,
  created_at,
}: Pick<Campaign, 'author' | 'submitted_at' | 'created_at'>) {
  const who = !author
    ? 'an unknown user'
    : author.full_name
      ? `${author.full_name} (${author.username})`
      : author.username;
  return submitted_at
    ? `Sent for approval by ${who} ${formatDateTime(submitted_at)}`
    : `Created by ${who} ${formatDateTime(created_at)}`;
}

/** The reviewed campaign's clip on its own, beside what changed. */
function ReviewedClip({ clip }: { clip: Campaign['videoclip_data'] }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="approval-clip">
      <Title order={2} size="h5" mb="xs" id="approval-clip">
        Clip: {clip?.name ?? 'none'}
      </Title>
      {clip ? (
        <VideoPlayer
          clips={[{ key: clip.id, name: clip.name, src: clip.video_file, poster: clip.video_thumb.url }]}
          label={`Clip under review: ${clip.name}`}
          withPopup
        />
      ) : (
        <Text size="sm" c="dimmed">
          This campaign has no clip.
        </Text>
      )}
    </Paper>
  );
}

const approveAnywayText =
  'The clip does not fit in these slots beside the campaigns already booked. Approving anyway books it there all the same, overbooking the loop.';

/** The room of the campaign under review, when the user may approve it (nothing is asked before). */
function useReviewedRoom(campaign: Detail<Campaign> | undefined) {
  const config = useAppConfig();
  const duration = campaign?.videoclip_data?.duration;
  const asked = campaign !== undefined && config && permissionFlags(campaign._permissions, 'campaign').canApprove;
  return useLoopRoom({
    locations: asked ? campaign.locations : [],
    start_date: campaign?.start_date ?? null,
    end_date: campaign?.end_date ?? null,
    p_zones: campaign?.p_zones ?? [],
    p_times_on: campaign?.p_times_on ?? false,
    p_start_time: campaign?.p_start_time ?? null,
    p_end_time: campaign?.p_end_time ?? null,
    need: duration !== undefined ? clipSeconds(duration) : (campaign?.loop_share?.[0]?.clip_s ?? null),
    excludeCampaign: campaign?.id,
    today: config ? serverToday(config.time_zone) : '',
  });
}

export function ApprovalScreen() {
  const id = useRouteId() ?? undefined;
  const navigate = useNavigate();
  const campaign = useCampaign(id);
  const lastReviewed = useLastReviewed(id);
  const transition = useCampaignTransition();
  const [rejecting, setRejecting] = useState(false);
  const [refusal, setRefusal] = useState<NoRoomError | null>(null);
  const room = useReviewedRoom(campaign.data);

  if (id === undefined) return <Navigate to={paths.home} replace />;
  if (campaign.isError) {
    return (
      <DetailLoadError
        title={TITLE}
        breadcrumbs={[LIST_CRUMB, { label: 'Campaign' }]}
        noun="campaign"
        back={{ to: paths.campaignApprovals, label: 'Back to the campaigns waiting for approval' }}
      />
    );
  }
  if (!campaign.data) {
    return <DetailSkeleton title={TITLE} breadcrumbs={[LIST_CRUMB, { label: 'Campaign' }]} heights={[40, 160, 480]} />;
  }

  const data = campaign.data;
  const { canApprove } = permissionFlags(data._permissions, 'campaign');
  const before = lastReviewed.data?.campaign;
  const changed = canApprove && before ? campaignChanges(before, data) : [];
  const busy = transition.isPending;
  const backToList = () => void navigate(paths.campaignApprovals);

  const canOverride = canOverrideCapacity(data._permissions);

  const approveAnyway = async (refused: NoRoomError) => {
    if (!(await confirmOverride({ title: 'Approve anyway', text: approveAnywayText, refusal: refused }))) return;
    await approve(true);
  };

  async function approve(overrideCapacity = false) {
    try {
      await transition.mutateAsync({ action: 'approve', id: data.id, overrideCapacity });
      setRefusal(null);
      showSuccess(`Campaign "${data.name}" approved.`);
      backToList();
    } catch (error) {
      // Other errors: the api client has shown them (a 400 is shown here); the campaign stays on screen.
      const refused = noRoomOf(error);
      if (!refused) {
        showQuiet400(error);
        return;
      }
      setRefusal(refused);
      if (canOverride && !overrideCapacity) await approveAnyway(refused);
    }
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        heading={data.name}
        breadcrumbs={[LIST_CRUMB, { label: data.name }]}
        actions={
          canApprove && (
            <>
              <Button
                variant="outline"
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setRejecting(true)}
                disabled={busy}
              >
                Reject
              </Button>
              <Button
                // The primary colour: white on Mantine's teal is below the contrast minimum.
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => void approve()}
                loading={busy}
              >
                Approve
              </Button>
            </>
          )
        }
      />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" mt={-8}>
          <SysIdBadge value={data.sys_id} />
          <CampaignStateBadge state={data.state} />
          <Text size="sm" c="dimmed">
            Last change {formatDateTime(data.updated_at)}
          </Text>
          <Text size="sm" data-testid="approval-author">
            {authorLine(data)}
          </Text>
        </Group>

        {refusal && canApprove && (
          <NoRoomAlert
            refusal={refusal}
            title="Not approved: the clip does not fit"
            override={
              canOverride
                ? { label: 'Approve anyway…', onClick: () => void approveAnyway(refusal), loading: busy }
                : undefined
            }
          />
        )}

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            {canApprove ? (
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="approval-changes">
                <Title order={2} size="h4" mb="sm" id="approval-changes">
                  {lastReviewed.data?.decision === 'rejected'
                    ? 'What changed since it was rejected'
                    : 'What changed since the last approved version'}
                </Title>
                {lastReviewed.isError ? (
                  <ListLoadError what="reviewed version" onRetry={() => void lastReviewed.refetch()} />
                ) : lastReviewed.data ? (
                  <CampaignChanges campaign={data} lastReviewed={lastReviewed.data} changed={changed} />
                ) : (
                  <Stack gap="xs" aria-hidden="true">
                    <Skeleton height={14} radius="sm" />
                    <Skeleton height={14} radius="sm" width="60%" />
                  </Stack>
                )}
              </Paper>
            ) : (
              <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
                {`This campaign is not waiting for approval: it is ${stateName(data.state)}.`}
              </Alert>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ReviewedClip clip={data.videoclip_data} />
          </Grid.Col>
        </Grid>

        {canApprove && (
          <AvailabilityPanel room={room} warning={availabilityTexts.approvalWarning} scope={scopeText(data)} />
        )}

        <CampaignForm campaign={data} readOnly approval changed={changed} />
      </Stack>

      <RejectDialog
        campaign={data}
        opened={rejecting}
        onClose={() => setRejecting(false)}
        onRejected={() => {
          setRejecting(false);
          backToList();
        }}
      />
    </>
  );
}

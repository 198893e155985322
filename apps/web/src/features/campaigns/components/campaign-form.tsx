// The campaign form of /campaign/add and /campaign/:id, also shown read-only on the approval screen:
// name and comments, locations and dates, zones and overlays, time window and audience, and the clip
// with its place in the playlist, the room its clip finds in the loops and its optional
// goal. Save checks the rules of spec §5 first; saving an approved campaign asks first (it
// goes back for approval), and one whose clip no longer fits is refused unless an overriding user
// saves anyway; Deactivate stops playback for good.
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AppConfig } from '@marquee/contracts/app-config';
import {
  campaignTexts,
  CampaignState,
  isClosed,
  UNAPPROVED_STATES,
  type Campaign,
  type CampaignInput,
} from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import { occupancyKind } from '@marquee/contracts/inventory';
import type { Location } from '@marquee/contracts/locations';
import { messages } from '@marquee/contracts/texts';
import { IconAlertTriangle, IconInfoCircle, IconPlayerStop } from '@tabler/icons-react';
import { useMemo, type FormEvent, type ReactNode } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { campaignPath, paths } from '../../../app/paths.ts';
import { ReadOnlyNotice } from '../../../components/edit-form-header.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { useEditForm } from '../../../components/use-edit-form.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { serverToday } from '../../../lib/server-today.ts';
import { useChoices } from '../../../lib/choices.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { showErrors, showSuccess, showWarning } from '../../../lib/notifications.ts';
import type { Detail } from '../../../lib/resources.ts';
import { useCampaignTransition } from '../api/campaigns.ts';
import { useSendableLocations } from '../api/get-sendable-locations.ts';
import { AvailabilityPanel } from './availability-panel.tsx';
import { CampaignAudienceSection } from './campaign-audience-section.tsx';
import { ChangedFieldsContext, FieldLabel, readOnlyProps, SectionTitle } from './campaign-form-label.tsx';
import {
  CAMPAIGN_FORM_FIELDS,
  campaignFormSchema,
  minStartOf,
  valuesOf,
  type CampaignFormValues,
} from './campaign-form-values.ts';
import { CampaignGoalSection } from './campaign-goal-section.tsx';
import { CampaignLocationsSection } from './campaign-locations-section.tsx';
import { CampaignStateBadge } from '../../../components/campaign-state-badge.tsx';
import { CampaignZonesSection } from './campaign-zones-section.tsx';
import { canOverrideCapacity, NoRoomAlert } from './capacity-conflicts.tsx';
import { CampaignPlaylist } from './playlist/campaign-playlist.tsx';
import { useCampaignRoom } from './use-campaign-room.ts';
import { useCapacityCheckedSave } from './use-capacity-checked-save.ts';
import { isGoalOnly, useGoalSave } from './use-goal-save.tsx';
import { SysIdBadge } from '../../../components/sys-id.tsx';

export type CampaignFormProps = {
  /** The saved campaign; undefined on /campaign/add. */
  campaign: Detail<Campaign> | undefined;
  /** A new campaign's first values beyond the empty ones (from the address of /campaign/add). */
  initial?: Partial<CampaignFormValues>;
  /** Read-only: closed, in approval mode, or the user cannot change it. */
  readOnly: boolean;
  /** Approval mode: read-only, no save/deactivate actions, the approval screen adds its own. */
  approval?: boolean;
  /** Fields to highlight as changed since the last approved version (approval screen). */
  changed?: readonly string[];
  /** Extra content above the form (e.g. the approval screen's changes and actions). */
  aside?: ReactNode;
};

const FORM_ID = 'campaign-form';
const NOTHING_CHANGED: readonly string[] = [];

/** Asks before saving a campaign that is approved or further: saving sends it back for approval. */
const confirmEditApproved = () =>
  new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title: campaignTexts.editApprovedTitle,
      children: <Text size="sm">{campaignTexts.editApprovedText}</Text>,
      labels: { confirm: 'Save', cancel: 'Cancel' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });

export function CampaignForm(props: CampaignFormProps) {
  const config = useAppConfig();
  const me = useCurrentUser();
  const locations = useSendableLocations();
  // Names for chosen locations the user may not send to (an approver's view, an old choice).
  const allLocations = useChoices('locations', permissionFlags(me?._permissions, 'location').canList);
  const known = useMemo(() => {
    // A refused list leaves the picker empty rather than loading for ever.
    const sendable = locations.data ?? (locations.isError ? [] : undefined);
    if (!sendable) return undefined;
    const extra = (allLocations.data ?? [])
      .filter((choice) => !sendable.some((location) => String(location.id) === choice.value))
      .map((choice) => ({ id: Number(choice.value), name: choice.label }));
    return { sendable, extra };
  }, [locations.data, locations.isError, allLocations.data]);

  if (!config) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={48} radius="md" />
        <Skeleton height={360} radius="md" />
      </Stack>
    );
  }
  return <CampaignFormBody {...props} config={config} locations={known?.sendable} otherLocations={known?.extra} />;
}

type BodyProps = CampaignFormProps & {
  config: AppConfig;
  locations: Location[] | undefined;
  otherLocations: { id: number; name: string }[] | undefined;
};

function CampaignFormBody({
  campaign,
  initial,
  readOnly: readOnlyProp,
  approval = false,
  changed = NOTHING_CHANGED,
  aside,
  config,
  locations,
  otherLocations,
}: BodyProps) {
  const transition = useCampaignTransition();
  const me = useCurrentUser();
  const closed = campaign !== undefined && isClosed(campaign.state);
  const readOnly = readOnlyProp || approval || closed;
  const today = serverToday(config.time_zone);
  const minStart = minStartOf(campaign, today);
  const locationZones = useMemo(
    () => new Map((locations ?? []).map((l) => [l.id, { name: l.name, zones: l.zones }])),
    [locations],
  );
  const schema = useMemo(
    () => campaignFormSchema({ minStart, config, locationZones }),
    [minStart, config, locationZones],
  );
  const changedSet = useMemo(() => new Set(changed), [changed]);
  const booked = campaign !== undefined && occupancyKind(campaign.state) === 'booked';
  const canOverride = canOverrideCapacity(campaign?._permissions);
  const { saveChecked, refusal, overrideNextSave } = useCapacityCheckedSave({ campaignId: campaign?.id, canOverride });
  const saveGoal = useGoalSave({ canOverride });
  /** Only the goal of a booked campaign changed: its own action saves it and keeps it booked. */
  const onlyGoalChanged = (input: CampaignInput) => booked && campaign !== undefined && isGoalOnly(campaign, input);

  const form = useEditForm<Detail<Campaign>, CampaignFormValues, CampaignInput>({
    object: campaign,
    valuesOf,
    defaultValues: campaign ? undefined : { ...valuesOf(undefined), ...initial },
    schema,
    readOnly,
    fields: CAMPAIGN_FORM_FIELDS,
    pathOf: campaignPath,
    describe: (saved) => `Campaign "${saved.name}"`,
    save: (input) => (campaign && onlyGoalChanged(input) ? saveGoal(campaign.id, input) : saveChecked(input)),
    // `room` as it was when Save was pressed: this render's.
    onSaved: (saved) => {
      if (room.status === 'ready' && !room.fits && occupancyKind(saved.state) === 'held') {
        showWarning(
          `Campaign "${saved.name}" is saved as a hold: its clip does not fit everywhere, so it cannot be approved until there is room.`,
        );
      }
    },
  });
  const {
    control,
    register,
    handleSubmit,
    submit,
    setValue,
    getValues,
    reset,
    formState: { errors, isSubmitting, isSubmitted, isDirty },
  } = form;
  const [chosenLocations, videoclip, clip, ordering] = useWatch({
    control,
    name: ['locations', 'videoclip', 'clip', 'ordering'],
  });
  const showRoom = !approval && !closed;
  const {
    room,
    warning: roomWarning,
    scope,
  } = useCampaignRoom({
    control,
    campaign,
    show: showRoom,
    readOnly,
    booked,
    today,
  });

  const needsConfirmation =
    campaign !== undefined && !(UNAPPROVED_STATES as readonly number[]).includes(campaign.state);

  const checkAndSave = handleSubmit(
    async (input) => {
      if (needsConfirmation && !onlyGoalChanged(input) && !(await confirmEditApproved())) return;
      await submit();
    },
    () => {
      showErrors([messages.formHasErrors]);
      for (const field of CAMPAIGN_FORM_FIELDS) setValue(field, getValues(field), { shouldTouch: true });
    },
  );
  // Enter in a read-only form (no Save button) submits nothing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => (readOnly ? event.preventDefault() : checkAndSave(event));

  const canChange = permissionFlags(campaign?._permissions, 'campaign').canChange;
  const canDeactivate = campaign !== undefined && !closed && canChange && !approval;
  const confirmDeactivate = (target: Detail<Campaign>) =>
    modals.openConfirmModal({
      title: 'Deactivate campaign',
      children: (
        <Text size="sm">
          Deactivating stops playback of &quot;{target.name}&quot; for good: the campaign is finished and can no longer
          be changed.{isDirty ? ' Your unsaved changes are discarded.' : ''}
        </Text>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () =>
        transition.mutate(
          { action: 'deactivate', id: target.id },
          {
            onSuccess: (saved) => {
              reset(valuesOf(saved));
              showSuccess(`Campaign "${saved.name}" deactivated.`);
            },
          },
        ),
    });

  const heading = campaign?.name ?? 'Add campaign';
  const rejectionReason =
    campaign?.rejection_reason === null || campaign?.rejection_reason === undefined
      ? 'No reason given'
      : (config.rejection_reasons.find((reason) => reason.id === campaign.rejection_reason)?.label ??
        `Reason ${campaign.rejection_reason}`);

  const notice = (() => {
    if (approval || !readOnly) return null;
    if (closed)
      return (
        <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
          {campaignTexts.closed}
        </Alert>
      );
    if (!campaign)
      return (
        <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
          You may not add campaigns.
        </Alert>
      );
    return <ReadOnlyNotice what="this campaign" />;
  })();

  return (
    <FormProvider {...form}>
      <ChangedFieldsContext value={changedSet}>
        {!approval && (
          <PageHeader
            title={campaign ? 'Campaign' : heading}
            heading={heading}
            breadcrumbs={[
              ...(permissionFlags(me?._permissions, 'campaign').canList
                ? [{ label: 'Campaigns', to: paths.campaigns }]
                : []),
              { label: heading },
            ]}
            actions={
              <>
                {canDeactivate && (
                  <Button
                    variant="outline"
                    color="red"
                    leftSection={<IconPlayerStop size={16} aria-hidden />}
                    loading={transition.isPending}
                    onClick={() => confirmDeactivate(campaign)}
                  >
                    Deactivate
                  </Button>
                )}
                {!readOnly && <SaveButton form={FORM_ID} loading={isSubmitting} />}
              </>
            }
          />
        )}
        <Stack gap="md">
          {campaign && !approval && (
            // The header's badges (the approval screen shows its own).
            <Group gap="xs" mt={-8}>
              <SysIdBadge value={campaign.sys_id} />
              <CampaignStateBadge state={campaign.state} />
            </Group>
          )}
          {campaign?.state === CampaignState.Rejected && (
            <Alert variant="light" color="red" title="Rejected" icon={<IconAlertTriangle aria-hidden />}>
              <Text size="sm">
                <Text span fw={600} size="sm">
                  Reason:
                </Text>{' '}
                {rejectionReason}
              </Text>
              {campaign.comments && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {campaign.comments}
                </Text>
              )}
            </Alert>
          )}
          {notice}
          {refusal && !readOnly && (
            <NoRoomAlert
              refusal={refusal}
              title="Not saved: the clip does not fit"
              override={
                canOverride
                  ? {
                      label: 'Save anyway…',
                      onClick: () => {
                        overrideNextSave(refusal);
                        void submit();
                      },
                      loading: isSubmitting,
                    }
                  : undefined
              }
            />
          )}
          {aside}
          <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={heading}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                <Paper withBorder p="md" radius="md">
                  <SectionTitle title="General" fields={['name', 'comments']} />
                  <Stack gap="md">
                    <TextInput
                      label={<FieldLabel field="name" text="Name" />}
                      required
                      withAsterisk={false}
                      {...readOnlyProps(readOnly)}
                      error={errors.name?.message}
                      autoComplete="off"
                      {...register('name')}
                    />
                    <Textarea
                      label={<FieldLabel field="comments" text="Comments" />}
                      rows={4}
                      {...readOnlyProps(readOnly)}
                      error={errors.comments?.message}
                      {...register('comments')}
                    />
                  </Stack>
                </Paper>
                <CampaignLocationsSection
                  locations={locations}
                  otherLocations={otherLocations}
                  readOnly={readOnly}
                  minStart={minStart}
                  maxDays={config.max_campaign_days}
                />
                <CampaignZonesSection
                  configured={config.zones}
                  sites={chosenLocations.flatMap((id) => locationZones.get(id) ?? [])}
                  readOnly={readOnly}
                />
                <CampaignAudienceSection config={config} readOnly={readOnly} />
                <CampaignGoalSection readOnly={readOnly} campaignId={campaign?.id} />
              </SimpleGrid>
              {showRoom && <AvailabilityPanel room={room} warning={roomWarning} scope={scope} />}
              <Paper withBorder p="md" radius="md">
                <SectionTitle title="Clip and playlist" fields={['videoclip', 'ordering']} />
                <CampaignPlaylist
                  locations={chosenLocations}
                  campaignId={campaign?.id}
                  value={{ videoclip, clip, ordering: ordering ?? 0 }}
                  onChange={(next) => {
                    const options = { shouldDirty: true, shouldValidate: isSubmitted };
                    setValue('videoclip', next.videoclip, options);
                    setValue('clip', next.clip, options);
                    setValue('ordering', next.ordering, options);
                  }}
                  readOnly={readOnly}
                  error={errors.videoclip?.message ?? errors.ordering?.message}
                />
              </Paper>
            </Stack>
          </form>
        </Stack>
      </ChangedFieldsContext>
    </FormProvider>
  );
}

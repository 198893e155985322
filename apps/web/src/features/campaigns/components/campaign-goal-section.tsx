// The campaign form's optional "Goal": what was sold, in plays or impressions, against
// which the delivery report measures the campaign. Without one, the contract is the expected plays.
import { Input, NumberInput, Paper, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import type { CampaignInput } from '@marquee/contracts/campaigns';
import { GOAL_TYPES, GOAL_VALUE_MAX, type GoalType } from '@marquee/contracts/goals';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FieldLabel, readOnlyProps, SectionTitle } from './campaign-form-label.tsx';
import type { CampaignFormValues } from './campaign-form-values.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatCount } from '../../../lib/delivery-format.ts';
import { useCampaignDeliveryTotals } from '../api/get-campaign-delivery-totals.ts';
import { STATISTICS_PERMISSION } from './campaign-delivery-summary.tsx';

/** The segmented control's value for "no goal" (its values are strings). */
const NONE = 'none';

export const goalTypeLabels: Record<GoalType, string> = { plays: 'Plays', impressions: 'Impressions' };
const goalTypeData = [
  { value: NONE, label: 'None' },
  ...GOAL_TYPES.map((type) => ({ value: type, label: goalTypeLabels[type] })),
];
/** The number's label, by what it counts. */
export const goalValueLabels: Record<GoalType, string> = {
  plays: 'Contracted plays',
  impressions: 'Contracted impressions',
};

export const goalHelpText =
  'Without a goal, the contract is the plays the loop schedule gives (loops × hours × screens). ' +
  'Impressions count the viewers a screen measures, and elsewhere the plays × the location’s impressions per play.';

/** What the saved campaign's schedule can deliver over its whole run (its contract once booked), for
 * users who may read the statistics: a goal above it is refused unless overridden. */
function DeliverableNote({ campaignId }: { campaignId: number }) {
  const me = useCurrentUser();
  const allowed = Boolean(me?._permissions.includes(STATISTICS_PERMISSION));
  const { data: totals } = useCampaignDeliveryTotals(campaignId, { enabled: allowed });
  if (!allowed || !totals) return null;
  const impressions = totals.deliverable_impressions;
  return (
    <Text size="sm" mb="md">
      As saved, its schedule can deliver {formatCount(totals.deliverable_plays)} plays
      {impressions === null ? '' : ` and about ${formatCount(impressions)} impressions`} over the whole campaign; a
      larger goal is refused unless capacity is overridden.
    </Text>
  );
}

export function CampaignGoalSection({ readOnly, campaignId }: { readOnly: boolean; campaignId?: number }) {
  const { control } = useFormContext<CampaignFormValues, unknown, CampaignInput>();
  const goalType = useWatch({ control, name: 'goal_type' });
  const typeLabelId = useId();

  return (
    // The whole row of the form's grid: two short fields and a sentence that needs the width.
    <Paper withBorder p="md" radius="md" style={{ gridColumn: '1 / -1' }}>
      <SectionTitle title="Goal" fields={['goal_type', 'goal_value']} />
      <Text size="sm" c="dimmed" mb="md">
        {goalHelpText}
      </Text>
      {campaignId !== undefined && <DeliverableNote campaignId={campaignId} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="goal_type"
          render={({ field, fieldState }) => (
            <Input.Wrapper
              label={<FieldLabel field="goal_type" text="The goal counts" />}
              labelElement="div"
              labelProps={{ id: typeLabelId }}
              error={fieldState.error?.message}
            >
              <div>
                <SegmentedControl
                  aria-labelledby={typeLabelId}
                  data={goalTypeData}
                  value={field.value ?? NONE}
                  onChange={(next) => field.onChange(next === NONE ? null : (next as GoalType))}
                  ref={field.ref}
                  name={field.name}
                  readOnly={readOnly}
                  mt={4}
                />
              </div>
            </Input.Wrapper>
          )}
        />
        {goalType && (
          <Controller
            control={control}
            name="goal_value"
            render={({ field, fieldState }) => (
              <NumberInput
                label={<FieldLabel field="goal_value" text={goalValueLabels[goalType]} />}
                description="Over the whole campaign, at all its locations."
                min={1}
                max={GOAL_VALUE_MAX}
                thousandSeparator=","
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                hideControls
                {...readOnlyProps(readOnly)}
                error={fieldState.error?.message}
                value={field.value ?? ''}
                onChange={(next) => field.onChange(typeof next === 'number' ? next : null)}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                autoComplete="off"
              />
            )}
          />
        )}
      </SimpleGrid>
    </Paper>
  );
}

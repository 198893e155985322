// The campaign form's optional "Goal" (issue 15): what was sold, in plays or impressions, against
// which the delivery report measures the campaign. Without one, the contract is the expected plays.
import { Input, NumberInput, Paper, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import type { CampaignInput } from '@marquee/contracts/campaigns';
import { GOAL_TYPES, GOAL_VALUE_MAX, type GoalType } from '@marquee/contracts/goals';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FieldLabel, readOnlyProps, SectionTitle } from './campaign-form-label.tsx';
import type { CampaignFormValues } from './campaign-form-values.ts';

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

export function CampaignGoalSection({ readOnly }: { readOnly: boolean }) {
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

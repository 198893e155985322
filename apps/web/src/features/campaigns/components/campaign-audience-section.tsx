// The campaign form's "Time and audience": an optional daily time window, and optional targeting by
// gender and by age groups (the choices come from the configuration).
import { Checkbox, Group, Paper, Radio, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { AppConfig } from '@marquee/contracts/app-config';
import { campaignTexts, type CampaignInput, type Gender } from '@marquee/contracts/campaigns';
import { Controller, useFormContext, useWatch, type FieldPathByValue } from 'react-hook-form';
import { FieldLabel, readOnlyProps, SectionTitle } from './campaign-form-label.tsx';
import type { CampaignFormValues } from './campaign-form-values.ts';

export type CampaignAudienceSectionProps = {
  config: Pick<AppConfig, 'times' | 'genders' | 'age_groups'>;
  readOnly: boolean;
};

type SwitchField = FieldPathByValue<CampaignFormValues, boolean>;

function TargetSwitch({ name, text, readOnly }: { name: SwitchField; text: string; readOnly: boolean }) {
  const { control } = useFormContext<CampaignFormValues, unknown, CampaignInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={<FieldLabel field={name} text={text} />}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          disabled={readOnly}
        />
      )}
    />
  );
}

function TimeSelect({
  name,
  text,
  times,
  on,
  readOnly,
}: {
  name: 'p_start_time' | 'p_end_time';
  text: string;
  times: readonly string[];
  /** The time window is on. */
  on: boolean;
  readOnly: boolean;
}) {
  const { control } = useFormContext<CampaignFormValues, unknown, CampaignInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={<FieldLabel field={name} text={text} />}
          // A stored time the configuration no longer offers still shows.
          data={field.value && !times.includes(field.value) ? [field.value, ...times] : [...times]}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldState.error?.message}
          {...readOnlyProps(readOnly)}
          disabled={!on}
          placeholder="HH:mm"
          searchable
          allowDeselect={false}
          maxDropdownHeight={240}
        />
      )}
    />
  );
}

export function CampaignAudienceSection({ config, readOnly }: CampaignAudienceSectionProps) {
  const { control } = useFormContext<CampaignFormValues, unknown, CampaignInput>();
  const [timesOn, genderOn, ageOn, start, end] = useWatch({
    control,
    name: ['p_times_on', 'p_gender_on', 'p_age_on', 'p_start_time', 'p_end_time'],
  });

  return (
    <Paper withBorder p="md" radius="md">
      <SectionTitle
        title="Time and audience"
        fields={['p_times_on', 'p_start_time', 'p_end_time', 'p_gender_on', 'p_gender', 'p_age_on', 'p_age']}
      />
      <Stack gap="lg">
        <Stack gap="xs">
          <TargetSwitch name="p_times_on" text="Play only in a daily time window" readOnly={readOnly} />
          <SimpleGrid cols={2} spacing="md">
            <TimeSelect name="p_start_time" text="From" times={config.times} on={timesOn} readOnly={readOnly} />
            <TimeSelect name="p_end_time" text="Until" times={config.times} on={timesOn} readOnly={readOnly} />
          </SimpleGrid>
          {timesOn && start && end && end < start ? (
            <Text size="sm" c="dimmed">
              {campaignTexts.pastMidnight(start, end)}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs">
          <TargetSwitch name="p_gender_on" text="Target a gender" readOnly={readOnly} />
          <Controller
            control={control}
            name="p_gender"
            render={({ field, fieldState }) => (
              <Radio.Group
                label={<FieldLabel field="p_gender" text="Gender" />}
                value={field.value}
                onChange={(value) => field.onChange(value as Gender)}
                error={fieldState.error?.message}
                readOnly={readOnly}
              >
                <Group gap="lg" mt={4}>
                  {config.genders.map((choice, index) => (
                    <Radio
                      key={choice.value}
                      value={choice.value}
                      label={choice.label}
                      disabled={readOnly || !genderOn}
                      ref={index === 0 ? field.ref : undefined}
                    />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
        </Stack>
        <Stack gap="xs">
          <TargetSwitch name="p_age_on" text="Target age groups" readOnly={readOnly} />
          <Controller
            control={control}
            name="p_age"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label={<FieldLabel field="p_age" text="Age groups" />}
                value={field.value.map(String)}
                onChange={(next) => field.onChange(next.map(Number).sort((a, b) => a - b))}
                error={fieldState.error?.message}
                readOnly={readOnly}
              >
                <Group gap="lg" mt={4}>
                  {config.age_groups.map((group, index) => (
                    <Checkbox
                      key={group.id}
                      value={String(group.id)}
                      label={group.label}
                      disabled={readOnly || !ageOn}
                      ref={index === 0 ? field.ref : undefined}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}

// The campaign form's "Zones": one checkbox per configured zone number, each with its overlay switch,
// which waits for its zone; unselecting a zone clears its overlay (spec §4).
import { Checkbox, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { CampaignInput } from '@marquee/contracts/campaigns';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FieldLabel, SectionTitle } from './campaign-form-label.tsx';
import type { CampaignFormValues } from './campaign-form-values.ts';

export type CampaignZonesSectionProps = {
  /** The configured zone numbers. */
  zones: readonly number[];
  readOnly: boolean;
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

export function CampaignZonesSection({ zones, readOnly }: CampaignZonesSectionProps) {
  const { control, setValue, getFieldState, formState } = useFormContext<CampaignFormValues, unknown, CampaignInput>();
  const [zoneSet, overlaySet] = useWatch({ control, name: ['p_zones', 'p_zones_overlay'] });
  const overlayError = getFieldState('p_zones_overlay', formState).error?.message;

  const setOverlays = (next: number[]) =>
    setValue('p_zones_overlay', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const onOverlayChange = (zone: number, on: boolean) =>
    setOverlays(on ? sorted([...overlaySet, zone]) : overlaySet.filter((z) => z !== zone));

  return (
    <Paper withBorder p="md" radius="md">
      <SectionTitle title="Zones" fields={['p_zones', 'p_zones_overlay']} />
      <Controller
        control={control}
        name="p_zones"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            label={<FieldLabel field="p_zones" text="Zones the campaign plays in" />}
            description={readOnly ? undefined : 'A zone must be chosen before its overlay can be.'}
            value={field.value.map(String)}
            onChange={(next) => {
              const numbers = sorted(next.map(Number));
              field.onChange(numbers);
              // An overlay only shows in a zone the campaign plays in.
              const kept = overlaySet.filter((zone) => numbers.includes(zone));
              if (kept.length !== overlaySet.length) setOverlays(kept);
            }}
            error={fieldState.error?.message}
            readOnly={readOnly}
          >
            <Stack gap="xs" mt="xs">
              {zones.length > 0 && (
                <Group gap="xl" wrap="nowrap">
                  <Text size="xs" c="dimmed" w={100}>
                    Zone
                  </Text>
                  <Text size="xs" c="dimmed">
                    <FieldLabel field="p_zones_overlay" text="Overlay" />
                  </Text>
                </Group>
              )}
              {zones.map((zone, index) => (
                <Group key={zone} gap="xl" wrap="nowrap">
                  <Checkbox
                    value={String(zone)}
                    label={`Zone ${zone}`}
                    disabled={readOnly}
                    w={100}
                    ref={index === 0 ? field.ref : undefined}
                  />
                  <Switch
                    aria-label={`Overlay in zone ${zone}`}
                    checked={overlaySet.includes(zone)}
                    onChange={(event) => onOverlayChange(zone, event.currentTarget.checked)}
                    disabled={readOnly || !zoneSet.includes(zone)}
                  />
                </Group>
              ))}
              {zones.length === 0 && (
                <Text size="sm" c="dimmed">
                  No zones are configured.
                </Text>
              )}
            </Stack>
          </Checkbox.Group>
        )}
      />
      {overlayError && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {overlayError}
        </Text>
      )}
    </Paper>
  );
}

// The campaign form's "Zones": one checkbox per zone of the chosen locations (the configured zone numbers
// until a location is chosen), each with its overlay switch, which waits for its zone; unselecting a zone
// clears its overlay (spec §4). A zone some chosen location does not have says which: the campaign
// cannot be saved into it there.
import { Checkbox, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { CampaignInput } from '@marquee/contracts/campaigns';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FieldLabel, SectionTitle } from './campaign-form-label.tsx';
import type { CampaignFormValues } from './campaign-form-values.ts';

export type CampaignZonesSectionProps = {
  /** The configured zone numbers (offered while no chosen location is known). */
  configured: readonly number[];
  /** The chosen locations the form knows, with their own zones. */
  sites: readonly { name: string; zones: readonly number[] }[];
  readOnly: boolean;
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** The zones to offer: those of the chosen locations (else the configured ones), and the chosen ones. */
export function offeredZones(
  configured: readonly number[],
  sites: CampaignZonesSectionProps['sites'],
  chosen: readonly number[],
): number[] {
  const base = sites.length ? sites.flatMap((site) => site.zones) : configured;
  return sorted([...new Set([...base, ...chosen])]);
}

export function CampaignZonesSection({ configured, sites, readOnly }: CampaignZonesSectionProps) {
  const { control, setValue, getFieldState, formState } = useFormContext<CampaignFormValues, unknown, CampaignInput>();
  const [zoneSet, overlaySet] = useWatch({ control, name: ['p_zones', 'p_zones_overlay'] });
  const zones = offeredZones(configured, sites, zoneSet);
  /** The chosen locations without the zone, by name. */
  const missingAt = (zone: number) => sites.filter((site) => !site.zones.includes(zone)).map((site) => site.name);
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
                  {missingAt(zone).length > 0 && (
                    <Text size="xs" c="dimmed">
                      Not at {missingAt(zone).join(', ')}
                    </Text>
                  )}
                </Group>
              ))}
              {zones.length === 0 && (
                <Text size="sm" c="dimmed">
                  {sites.length ? 'The chosen locations have no zones.' : 'No zones are configured.'}
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

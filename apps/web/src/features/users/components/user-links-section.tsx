// The user's links: locations they manage, locations they may send campaigns to, and advertisers they
// manage. The advertiser picker is hidden when a chosen role may change every advertiser.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import type { Role } from '@marquee/contracts/roles';
import type { UserInput } from '@marquee/contracts/users';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { FormIdMultiSelect } from '../../../components/form-id-multi-select.tsx';
import { useChoices } from '../../../lib/choices.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import type { UserFormValues } from './user-form.tsx';

type FormControl = Control<UserFormValues, unknown, UserInput>;
type LinkField = 'locations' | 'campaign_locations' | 'advertisers';

function LinkPicker({
  control,
  name,
  label,
  description,
  choices,
  noun,
  readOnly,
}: {
  control: FormControl;
  name: LinkField;
  label: string;
  description: string;
  choices: ReturnType<typeof useChoices>;
  noun: string;
  readOnly: boolean;
}) {
  return (
    <FormIdMultiSelect
      control={control}
      name={name}
      label={label}
      description={description}
      data={choices.data ?? []}
      missingNoun={noun}
      readOnly={readOnly}
      loading={choices.isLoading}
      limit={100}
      clearButtonProps={{ 'aria-label': `Remove every ${noun.toLowerCase()} from ${label.toLowerCase()}` }}
      nothingFoundMessage={`No such ${noun.toLowerCase()}`}
      emptyText="None"
    />
  );
}

export function UserLinksSection({
  control,
  roles,
  readOnly,
}: {
  control: FormControl;
  roles: Role[] | undefined;
  readOnly: boolean;
}) {
  const me = useCurrentUser();
  const locations = useChoices('locations', permissionFlags(me?._permissions, 'location').canList);
  const advertisers = useChoices('advertisers', permissionFlags(me?._permissions, 'advertiser').canList);
  const chosenRoles = useWatch({ control, name: 'roles' });
  const allAdvertisers = useMemo(
    () => chosenRoles.some((id) => roles?.find((role) => role.id === id)?.can_change_all_advertisers),
    [chosenRoles, roles],
  );

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Locations and advertisers
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LinkPicker
            control={control}
            name="locations"
            label="Managed locations"
            description="Locations this user may change (with a role that allows it)."
            choices={locations}
            noun="Location"
            readOnly={readOnly}
          />
          <LinkPicker
            control={control}
            name="campaign_locations"
            label="Campaign locations"
            description="Locations this user may send campaigns to."
            choices={locations}
            noun="Location"
            readOnly={readOnly}
          />
          {allAdvertisers ? (
            <Text size="sm" c="dimmed">
              A role of this user may change every advertiser, so no advertisers need choosing.
            </Text>
          ) : (
            <LinkPicker
              control={control}
              name="advertisers"
              label="Advertisers"
              description="Advertisers whose products and clips this user may change."
              choices={advertisers}
              noun="Advertiser"
              readOnly={readOnly}
            />
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

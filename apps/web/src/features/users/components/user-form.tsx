// The account form of /user/add and /user/:id: username, full name, email, roles, the two sign-in
// requirements, and the location and advertiser links; Save, and the account actions (disable/enable, reactivate) in the header.
import { Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Role } from '@marquee/contracts/roles';
import { userInput, type User, type UserInput } from '@marquee/contracts/users';
import { useMemo } from 'react';
import { paths, userPath } from '../../../app/paths.ts';
import { EditFormHeader, ReadOnlyNotice } from '../../../components/edit-form-header.tsx';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { FormIdMultiSelect } from '../../../components/form-id-multi-select.tsx';
import { useEditForm } from '../../../components/use-edit-form.ts';
import { withMissing } from '../../../lib/choices.ts';
import type { Detail } from '../../../lib/resources.ts';
import { useSaveUser } from '../api/save-user.ts';
import { UserAccountActions } from './user-account-actions.tsx';
import { UserBadges } from './user-badges.tsx';
import { UserLinksSection } from './user-links-section.tsx';

export type UserFormValues = {
  username: string;
  full_name: string;
  email: string;
  roles: number[];
  locations: number[];
  campaign_locations: number[];
  advertisers: number[];
  require_activation: boolean;
  require_2fa: boolean;
};

// Every field is on the form, so every field is sent.
const schema = userInput.required({
  full_name: true,
  email: true,
  roles: true,
  locations: true,
  campaign_locations: true,
  advertisers: true,
  require_activation: true,
  require_2fa: true,
});

const FORM_ID = 'user-form';
const FIELDS = [
  'username',
  'full_name',
  'email',
  'roles',
  'locations',
  'campaign_locations',
  'advertisers',
  'require_activation',
  'require_2fa',
] as const;

const sortedIds = (ids: number[] | undefined) => [...(ids ?? [])].sort((a, b) => a - b);

/** A new user requires activation and a one-time token (spec §9). */
export const valuesOf = (user: User | undefined): UserFormValues => ({
  username: user?.username ?? '',
  full_name: user?.full_name ?? '',
  email: user?.email ?? '',
  roles: sortedIds(user?.roles),
  locations: sortedIds(user?.locations),
  campaign_locations: sortedIds(user?.campaign_locations),
  advertisers: sortedIds(user?.advertisers),
  require_activation: user?.require_activation ?? true,
  require_2fa: user?.require_2fa ?? true,
});

export type UserFormProps = {
  /** Undefined on /user/add. */
  user: Detail<User> | undefined;
  /** Every role by name; undefined when this user may not list roles (the picker then shows ids). */
  roles: Role[] | undefined;
  readOnly: boolean;
  /** May disable, enable and reactivate the account. */
  canChange: boolean;
  /** The signed-in user's own account: no disabling or reactivating oneself. */
  isSelf?: boolean;
  /** The signed-in user may open the users list (the breadcrumb links there). */
  canListUsers?: boolean;
  /** May switch require_2fa off (the server's `second_factor_user`: someone above the account, never its
   * owner); switching it on needs only the change permission. */
  canDropSecondFactor?: boolean;
};

export function UserForm({
  user,
  roles,
  readOnly,
  canChange,
  isSelf = false,
  canListUsers = true,
  canDropSecondFactor = true,
}: UserFormProps) {
  // Once required, two-factor authentication is switched off only by someone above the account.
  const twoFactorLocked = Boolean(user?.require_2fa) && !canDropSecondFactor;
  const save = useSaveUser();
  const {
    register,
    control,
    submit,
    formState: { errors, isSubmitting },
  } = useEditForm<Detail<User>, UserFormValues, UserInput>({
    object: user,
    valuesOf,
    schema,
    readOnly,
    fields: FIELDS,
    pathOf: userPath,
    describe: (saved) => `User "${saved.username}"`,
    save: (input) => save.mutateAsync({ id: user?.id, values: input }),
  });

  // Roles the list does not hold (or no list at all) still show, by id.
  const roleOptions = useMemo(
    () =>
      withMissing(
        (roles ?? user?.roles_data ?? []).map((role) => ({ value: String(role.id), label: role.name })),
        user?.roles ?? [],
        'Role',
      ),
    [roles, user?.roles, user?.roles_data],
  );

  return (
    <>
      <EditFormHeader
        noun="User"
        name={user?.username}
        list={canListUsers ? { label: 'Users', to: paths.users } : undefined}
        formId={FORM_ID}
        readOnly={readOnly}
        saving={isSubmitting}
      >
        {user && canChange && !isSelf && <UserAccountActions user={user} />}
      </EditFormHeader>
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Stack gap="md">
          {user && <UserBadges user={user} showDisabled />}
          {readOnly &&
            (isSelf ? (
              <ReadOnlyNotice text="Your name, e-mail, roles and links are set by whoever manages users; your password, one-time token and alert e-mails are yours to change below." />
            ) : (
              <ReadOnlyNotice what="this account" />
            ))}
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="Username"
                  required
                  withAsterisk={false}
                  disabled={readOnly}
                  error={errors.username?.message}
                  autoComplete="off"
                  {...register('username')}
                />
                <TextInput
                  label="Full name"
                  disabled={readOnly}
                  error={errors.full_name?.message}
                  autoComplete="off"
                  {...register('full_name')}
                />
                <TextInput
                  label="Email"
                  type="email"
                  disabled={readOnly}
                  error={errors.email?.message}
                  autoComplete="off"
                  {...register('email')}
                />
                <FormIdMultiSelect
                  control={control}
                  name="roles"
                  label="Roles"
                  data={roleOptions}
                  readOnly={readOnly}
                  clearButtonProps={{ 'aria-label': 'Remove every role' }}
                  nothingFoundMessage="No such role"
                  emptyText="No roles"
                />
              </SimpleGrid>
              <Group gap="xl" wrap="wrap">
                <FormCheckbox
                  control={control}
                  name="require_activation"
                  label="Require activation"
                  description="The user sets a password through an emailed link."
                  disabled={readOnly}
                />
                <FormCheckbox
                  control={control}
                  name="require_2fa"
                  label="Require two-factor authentication"
                  description={
                    twoFactorLocked && !readOnly
                      ? 'Only someone above this account can switch it off.'
                      : 'The user enrols a one-time token when activating.'
                  }
                  disabled={readOnly || twoFactorLocked}
                />
              </Group>
            </Stack>
          </Paper>
          <UserLinksSection control={control} roles={roles} readOnly={readOnly} />
        </Stack>
      </form>
    </>
  );
}

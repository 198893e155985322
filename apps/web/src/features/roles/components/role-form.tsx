// The role form of /role/add and /role/:id: name, "all advertisers" and the permission tables.
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { details } from '@marquee/contracts/texts';
import { permissionsToSave, type Permission } from '@marquee/contracts/permissions';
import { roleInput, type Role, type RoleInput } from '@marquee/contracts/roles';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths, rolePath } from '../../../app/paths.ts';
import { EditFormHeader, ReadOnlyNotice } from '../../../components/edit-form-header.tsx';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { useEditForm } from '../../../components/use-edit-form.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import type { Detail } from '../../../lib/resources.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { useSaveRole } from '../api/save-role.ts';
import { PermissionPicker } from './permission-picker.tsx';

const schema = roleInput.required({
  permissions: true,
  can_change_all_advertisers: true,
  can_view_all_advertisers: true,
});
type RoleFormValues = {
  name: string;
  can_change_all_advertisers: boolean;
  can_view_all_advertisers: boolean;
  permissions: number[];
};

const FORM_ID = 'role-form';
const FIELDS = ['name', 'can_change_all_advertisers', 'can_view_all_advertisers', 'permissions'] as const;

const valuesOf = (role: Role | undefined): RoleFormValues => ({
  name: role?.name ?? '',
  can_change_all_advertisers: role?.can_change_all_advertisers ?? false,
  can_view_all_advertisers: role?.can_view_all_advertisers ?? true,
  permissions: role ? [...role.permissions].sort((a, b) => a - b) : [],
});

export type RoleFormProps = {
  /** Undefined on /role/add. */
  role: Detail<Role> | undefined;
  permissions: Permission[];
  readOnly: boolean;
  canDelete: boolean;
};

export function RoleForm({ role, permissions, readOnly, canDelete }: RoleFormProps) {
  const navigate = useNavigate();
  const save = useSaveRole();
  const remove = useDeleteRole();
  const {
    register,
    control,
    submit,
    guard,
    setValue,
    formState: { errors, isSubmitting },
  } = useEditForm<Detail<Role>, RoleFormValues, RoleInput>({
    object: role,
    valuesOf,
    schema,
    readOnly,
    fields: FIELDS,
    pathOf: rolePath,
    describe: (saved) => `Role "${saved.name}"`,
    // The picker holds the directly chosen permissions; what they imply is saved with them.
    save: (values) =>
      save.mutateAsync({
        id: role?.id,
        values: {
          name: values.name,
          can_change_all_advertisers: values.can_change_all_advertisers,
          can_view_all_advertisers: values.can_view_all_advertisers,
          permissions: permissionsToSave({ direct: new Set(values.permissions) }, permissions),
        },
      }),
  });
  const direct = useWatch({ control, name: 'permissions' });

  const confirmDelete = () => {
    if (!role) return;
    modals.openConfirmModal({
      title: 'Delete role',
      children: <Text size="sm">Do you want to delete the role &quot;{role.name}&quot;?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutate(role.id, {
          onSuccess: () => {
            showSuccess(`Role "${role.name}" deleted.`);
            guard.allowNextNavigation();
            void navigate(paths.roles);
          },
        });
      },
    });
  };

  return (
    <>
      <EditFormHeader
        noun="Role"
        name={role?.name}
        list={{ label: 'Roles', to: paths.roles }}
        formId={FORM_ID}
        readOnly={readOnly}
        saving={isSubmitting}
      >
        {role && canDelete && (
          <Button
            variant="outline"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={confirmDelete}
            loading={remove.isPending}
          >
            Delete
          </Button>
        )}
      </EditFormHeader>
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Stack gap="md">
          {role?.is_superuser && (
            <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
              {details.superuserRoleLocked}
            </Alert>
          )}
          {readOnly && !role?.is_superuser && <ReadOnlyNotice what="this role" />}
          <Paper withBorder p="md" radius="md">
            <Group align="flex-start" gap="xl" wrap="wrap">
              <TextInput
                label="Name"
                required
                withAsterisk={false}
                w={{ base: '100%', sm: 360 }}
                disabled={readOnly}
                error={errors.name?.message}
                autoComplete="off"
                {...register('name')}
              />
              <Stack gap="sm" mt={{ base: 0, sm: 30 }}>
                <FormCheckbox
                  control={control}
                  name="can_change_all_advertisers"
                  label="Can change all advertisers"
                  disabled={readOnly}
                />
                <FormCheckbox
                  control={control}
                  name="can_view_all_advertisers"
                  label="Can view all advertisers"
                  description="When no role of a user has it, they see only the advertisers they are linked to"
                  disabled={readOnly}
                />
              </Stack>
            </Group>
          </Paper>
          {errors.permissions?.message && (
            <Alert color="red" variant="light" role="alert">
              {errors.permissions.message}
            </Alert>
          )}
          <PermissionPicker
            permissions={permissions}
            direct={direct}
            readOnly={readOnly}
            all={role?.is_superuser}
            onChange={(next) => setValue('permissions', next, { shouldDirty: true })}
          />
        </Stack>
      </form>
    </>
  );
}

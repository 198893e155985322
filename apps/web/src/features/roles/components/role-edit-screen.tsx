// /role/add and /role/:id: loads the role and the permission catalogue, then shows the form.
import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePermissions } from '../api/get-permissions.ts';
import { useRole } from '../api/get-role.ts';
import { RoleForm } from './role-form.tsx';

function parseId(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function RoleEditScreen() {
  const params = useParams();
  const id = parseId(params.id);
  const user = useCurrentUser();
  const role = useRole(id ?? undefined);
  const permissions = usePermissions();

  if (id === null) return <Navigate to={paths.home} replace />;

  const isNew = id === undefined;
  const breadcrumbs = [{ label: 'Roles', to: paths.roles }, { label: isNew ? 'Add role' : 'Role' }];

  if ((!isNew && role.isError) || permissions.isError) {
    return (
      <>
        <PageHeader title="Role" breadcrumbs={breadcrumbs} />
        <Alert color="red" variant="light">
          The role could not be loaded.{' '}
          <Anchor component={Link} to={paths.roles}>
            Back to the roles
          </Anchor>
        </Alert>
      </>
    );
  }

  if (!permissions.data || (!isNew && !role.data)) {
    return (
      <>
        <PageHeader title={isNew ? 'Add role' : 'Role'} breadcrumbs={breadcrumbs} />
        <Stack gap="md" aria-busy="true">
          <Skeleton height={80} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      </>
    );
  }

  const objectFlags = permissionFlags(role.data?._permissions, 'role');
  const userFlags = permissionFlags(user?._permissions, 'role');
  const readOnly = isNew ? !userFlags.canAdd : !objectFlags.canChange;

  return (
    <RoleForm
      key={id ?? 'new'}
      role={isNew ? undefined : role.data}
      permissions={permissions.data}
      readOnly={readOnly}
      canDelete={!isNew && objectFlags.canDelete}
    />
  );
}

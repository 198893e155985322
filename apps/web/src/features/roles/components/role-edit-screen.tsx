// /role/add and /role/:id: loads the role and the permission catalogue, then shows the form.
import { permissionFlags } from '@marquee/contracts/common';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../components/detail-screen.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePermissions } from '../api/get-permissions.ts';
import { useRole } from '../api/get-role.ts';
import { RoleForm } from './role-form.tsx';

export function RoleEditScreen() {
  const id = useRouteId();
  const user = useCurrentUser();
  const role = useRole(id ?? undefined);
  const permissions = usePermissions();

  if (id === null) return <Navigate to={paths.home} replace />;

  const isNew = id === undefined;
  const breadcrumbs = [{ label: 'Roles', to: paths.roles }, { label: isNew ? 'Add role' : 'Role' }];

  if ((!isNew && role.isError) || permissions.isError) {
    return (
      <DetailLoadError
        title="Role"
        breadcrumbs={breadcrumbs}
        noun="role"
        back={{ to: paths.roles, label: 'Back to the roles' }}
      />
    );
  }

  if (!permissions.data || (!isNew && !role.data)) {
    return <DetailSkeleton title={isNew ? 'Add role' : 'Role'} breadcrumbs={breadcrumbs} heights={[80, 320]} />;
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

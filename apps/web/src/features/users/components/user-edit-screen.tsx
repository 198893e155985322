// /user/add and /user/:id: the account form, then (for an existing account) its image, one-time
// token and event log. Anyone may open their own account; for others the server decides (403 → home).
import { Stack } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { SECOND_FACTOR_PERMISSION } from '@marquee/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../components/detail-screen.tsx';
import { ImageBox } from '../../../components/image-box/image-box.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useRoleChoices } from '../api/get-role-choices.ts';
import { useUser } from '../api/get-user.ts';
import { refreshUser, userActionPath } from '../api/user-action.ts';
import { AlertSubscriptionsSection } from './alert-subscriptions-section.tsx';
import { UserEventLog } from './user-event-log.tsx';
import { UserForm } from './user-form.tsx';
import { UserOtpSection } from './user-otp-section.tsx';
import { UserReportSubscriptions } from './user-report-subscriptions.tsx';

export function UserEditScreen() {
  const id = useRouteId();
  const me = useCurrentUser();
  const user = useUser(id ?? undefined);
  const queryClient = useQueryClient();
  const canListRoles = permissionFlags(me?._permissions, 'role').canList;
  const roles = useRoleChoices(canListRoles);

  if (id === null) return <Navigate to={paths.home} replace />;

  const isNew = id === undefined;
  const isSelf = !isNew && me?.id === id;
  const canListUsers = permissionFlags(me?._permissions, 'user').canList;
  // Alert choices are for who may see alerts (the server answers 403 to others).
  const canListAlerts = permissionFlags(me?._permissions, 'alert').canList;
  const current = { label: isNew ? 'Add user' : isSelf ? 'My account' : 'User' };
  // Someone without the users list reaches only their own account: no crumb to a list they cannot open.
  const breadcrumbs = canListUsers ? [{ label: 'Users', to: paths.users }, current] : [current];

  if (!isNew && user.isError) {
    return (
      <DetailLoadError
        title="User"
        breadcrumbs={breadcrumbs}
        noun="user"
        back={
          canListUsers
            ? { to: paths.users, label: 'Back to the users' }
            : { to: paths.home, label: 'Back to the home page' }
        }
      />
    );
  }

  // Without the role list the picker shows role ids; the form does not wait for a list it cannot get.
  const rolesReady = !canListRoles || roles.data !== undefined || roles.isError;
  if (!rolesReady || (!isNew && !user.data)) {
    return <DetailSkeleton title={isNew ? 'Add user' : 'User'} breadcrumbs={breadcrumbs} heights={[160, 120]} />;
  }

  const objectFlags = permissionFlags(user.data?._permissions, 'user');
  const userFlags = permissionFlags(me?._permissions, 'user');
  const readOnly = isNew ? !userFlags.canAdd : !objectFlags.canChange;
  const canDropSecondFactor = isNew || Boolean(user.data?._permissions.includes(SECOND_FACTOR_PERMISSION));
  const userId = id ?? 0;

  return (
    <Stack gap="md">
      <UserForm
        key={id ?? 'new'}
        user={isNew ? undefined : user.data}
        roles={roles.data}
        readOnly={readOnly}
        canChange={!isNew && objectFlags.canChange}
        isSelf={isSelf}
        canListUsers={canListUsers}
        canDropSecondFactor={canDropSecondFactor}
      />
      {user.data && !isNew && (
        <>
          {/* One picture per account; its owner may always change it (the server checks the same). */}
          <ImageBox
            endpoint={userActionPath(user.data.id, 'images')}
            label="Image"
            maxImages={1}
            readOnly={!isSelf && !objectFlags.canChange}
            onChange={() => refreshUser(queryClient, userId)}
          />
          <UserOtpSection user={user.data} isSelf={isSelf} canRemove={canDropSecondFactor} />
          {isSelf && <UserReportSubscriptions />}
          {isSelf && canListAlerts && <AlertSubscriptionsSection email={user.data.email} />}
          <UserEventLog userId={user.data.id} />
        </>
      )}
    </Stack>
  );
}

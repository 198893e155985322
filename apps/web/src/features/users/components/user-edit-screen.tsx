// /user/add and /user/:id: the account form, then (for an existing account) its image, one-time
// token and event log. Anyone may open their own account; for others the server decides (403 → home).
import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ImageBox } from '../../../components/image-box/image-box.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useRoleChoices } from '../api/get-role-choices.ts';
import { useUser } from '../api/get-user.ts';
import { refreshUser, userActionPath } from '../api/user-action.ts';
import { UserEventLog } from './user-event-log.tsx';
import { UserForm } from './user-form.tsx';
import { UserOtpSection } from './user-otp-section.tsx';

function parseId(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function UserEditScreen() {
  const params = useParams();
  const id = parseId(params.id);
  const me = useCurrentUser();
  const user = useUser(id ?? undefined);
  const queryClient = useQueryClient();
  const canListRoles = permissionFlags(me?._permissions, 'role').canList;
  const roles = useRoleChoices(canListRoles);

  if (id === null) return <Navigate to={paths.home} replace />;

  const isNew = id === undefined;
  const isSelf = !isNew && me?.id === id;
  const canListUsers = permissionFlags(me?._permissions, 'user').canList;
  const current = { label: isNew ? 'Add user' : isSelf ? 'My account' : 'User' };
  // Someone without the users list reaches only their own account: no crumb to a list they cannot open.
  const breadcrumbs = canListUsers ? [{ label: 'Users', to: paths.users }, current] : [current];

  if (!isNew && user.isError) {
    return (
      <>
        <PageHeader title="User" breadcrumbs={breadcrumbs} />
        <Alert color="red" variant="light">
          The user could not be loaded.{' '}
          <Anchor component={Link} to={canListUsers ? paths.users : paths.home}>
            {canListUsers ? 'Back to the users' : 'Back to the home page'}
          </Anchor>
        </Alert>
      </>
    );
  }

  // Without the role list the picker shows role ids; the form does not wait for a list it cannot get.
  const rolesReady = !canListRoles || roles.data !== undefined || roles.isError;
  if (!rolesReady || (!isNew && !user.data)) {
    return (
      <>
        <PageHeader title={isNew ? 'Add user' : 'User'} breadcrumbs={breadcrumbs} />
        <Stack gap="md" aria-busy="true">
          <Skeleton height={160} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      </>
    );
  }

  const objectFlags = permissionFlags(user.data?._permissions, 'user');
  const userFlags = permissionFlags(me?._permissions, 'user');
  const readOnly = isNew ? !userFlags.canAdd : !objectFlags.canChange;
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
          <UserOtpSection user={user.data} isSelf={isSelf} canChange={objectFlags.canChange} />
          <UserEventLog userId={user.data.id} />
        </>
      )}
    </Stack>
  );
}

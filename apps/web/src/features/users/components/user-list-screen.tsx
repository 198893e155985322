// /user: the users in a browse list (active or disabled, search), each linking to its account page.
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import type { Role } from '@marquee/contracts/roles';
import type { User } from '@marquee/contracts/users';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, userPath } from '../../../app/paths.ts';
import { useBrowseBulk } from '../../../components/browse-list/browse-bulk.tsx';
import { BrowseList } from '../../../components/browse-list/browse-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useRoleChoices } from '../api/get-role-choices.ts';
import { useUsersBrowseList } from '../api/get-users.ts';
import { roleNames } from './role-names.ts';
import { UserBadges } from './user-badges.tsx';

function UserRow({ user, roles }: { user: User; roles: Role[] | undefined }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
      <Stack gap={2} miw={0}>
        <Group gap="sm" wrap="wrap">
          <Anchor component={Link} to={userPath(user.id)} fw={600}>
            {user.username}
          </Anchor>
          {user.full_name && <Text size="sm">{user.full_name}</Text>}
        </Group>
        <Text size="sm" c="dimmed">
          {user.email || 'No email'} · {roleNames(user.roles, roles)}
        </Text>
      </Stack>
      <UserBadges user={user} />
    </Group>
  );
}

export function UserListScreen() {
  const me = useCurrentUser();
  const list = useUsersBrowseList();
  const bulk = useBrowseBulk({
    list,
    resource: 'users',
    model: 'user',
    noun: { one: 'user', many: 'users' },
    nameOf: (user) => user.username,
    disableAction: 'disable',
  });
  const roles = useRoleChoices(permissionFlags(me?._permissions, 'role').canList);
  const { canAdd } = permissionFlags(list.permissions, 'user');

  return (
    <>
      <PageHeader
        title="Users"
        breadcrumbs={[{ label: 'Users', to: paths.users }]}
        actions={
          canAdd && (
            <Button component={Link} to={paths.userAdd} leftSection={<IconPlus size={16} aria-hidden />}>
              Add user
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        {bulk.toolbar}
        <BrowseList
          label="Users"
          list={list}
          getKey={(user) => user.id}
          renderItem={(user) => bulk.item(user, <UserRow user={user} roles={roles.data} />)}
          searchPlaceholder="Username, name or email"
          emptyText="No users found."
        />
      </Paper>
    </>
  );
}

// /role: roles sorted by name, filter by name, "Add role" when the list allows adding.
import { Anchor, Badge, Button, Group, Paper } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { ROLES_PAGE_SIZE, TABLE_COUNTS } from '@marquee/contracts/constants';
import type { Role } from '@marquee/contracts/roles';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths, rolePath } from '../../../app/paths.ts';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { TextFilter } from '../../../components/data-table/text-filter.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useRoles } from '../api/get-roles.ts';

const PAGE_SIZES = [...new Set([...TABLE_COUNTS, ROLES_PAGE_SIZE])].sort((a, b) => a - b);

const columns: DataColumn<Role>[] = [
  {
    id: 'name',
    header: 'Name',
    sortField: 'name',
    phone: 'title',
    cell: (role) => (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={rolePath(role.id)} onClick={(event) => event.stopPropagation()}>
          {role.name}
        </Anchor>
        {role.is_superuser && (
          <Badge variant="light" size="sm">
            Superuser
          </Badge>
        )}
      </Group>
    ),
  },
  {
    id: 'permissions',
    header: 'Chosen permissions',
    cell: (role) => (role.is_superuser ? 'All' : role.permissions.length),
    width: 200,
  },
  {
    id: 'can_change_all_advertisers',
    header: 'All advertisers',
    cell: (role) => (role.can_change_all_advertisers ? 'Change' : role.can_view_all_advertisers ? 'View' : 'Own only'),
    width: 160,
  },
];

export function RoleListScreen() {
  const navigate = useNavigate();
  const state = useListState({ ordering: 'name', pageSize: ROLES_PAGE_SIZE, pageSizes: PAGE_SIZES, filters: ['name'] });
  const roles = useRoles(state.query);
  const { canAdd } = permissionFlags(roles.data?._permissions, 'role');

  return (
    <>
      <PageHeader
        title="Roles"
        breadcrumbs={[{ label: 'Roles', to: paths.roles }]}
        actions={
          canAdd && (
            <Button component={Link} to={paths.roleAdd} leftSection={<IconPlus size={16} aria-hidden />}>
              Add role
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <Group mb="md" align="flex-end">
          <TextFilter
            label="Name"
            value={state.filters.name ?? ''}
            onChange={(value) => state.setFilter('name', value)}
          />
        </Group>
        <DataTable
          label="Roles"
          columns={columns}
          state={state}
          data={roles.data}
          loading={roles.isPending}
          fetching={roles.isFetching}
          pageSizes={PAGE_SIZES}
          getRowId={(role) => String(role.id)}
          onRowClick={(role) => void navigate(rolePath(role.id))}
          emptyText="No roles found."
        />
      </Paper>
    </>
  );
}

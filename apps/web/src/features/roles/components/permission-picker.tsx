// Available and selected permissions, grouped by model. Selecting one brings its dependents
// (transitively); the cascade rules are the contracts' pure functions, not re-derived here.
import { Badge, Box, Checkbox, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  effectiveSelection,
  permissionModels,
  selectPermission,
  unselectPermission,
  withDependents,
  type Permission,
} from '@marquee/contracts/permissions';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import classes from './permission-picker.module.css';

export type PermissionPickerProps = {
  permissions: Permission[];
  /** Ids chosen directly (what the form holds). */
  direct: readonly number[];
  onChange: (direct: number[]) => void;
  readOnly: boolean;
  /** The superuser role holds every permission. */
  all?: boolean;
};

type Kind = 'available' | 'selected';

/**
 * A toggled row shows its new state where it was clicked for this long before it moves to the
 * other table: the eye (and a test's `check()`) sees the checkbox change, then the row moves.
 * The form value changes at once.
 */
const MOVE_DELAY_MS = 200;

type Moving = { id: number; from: Kind };

const modelLabel = (model: string) => permissionModels[model as keyof typeof permissionModels] ?? model;

function groupByModel(rows: Permission[]): [string, Permission[]][] {
  const groups = new Map<string, Permission[]>();
  for (const row of rows) {
    const list = groups.get(row.model);
    if (list) list.push(row);
    else groups.set(row.model, [row]);
  }
  return [...groups.entries()];
}

export function PermissionPicker({ permissions, direct, onChange, readOnly, all = false }: PermissionPickerProps) {
  const [announcement, setAnnouncement] = useState('');
  const [moving, setMoving] = useState<Moving | null>(null);
  const moveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(moveTimer.current), []);
  const byId = useMemo(() => new Map(permissions.map((p) => [p.id, p])), [permissions]);
  const selection = useMemo(() => ({ direct: new Set(direct) }), [direct]);

  const effective = useMemo(
    () => (all ? new Set(permissions.map((p) => p.id)) : effectiveSelection(selection, permissions)),
    [all, permissions, selection],
  );

  /** For each selected permission, the chosen ones that imply it. */
  const impliedBy = useMemo(() => {
    const result = new Map<number, number[]>();
    for (const master of selection.direct) {
      for (const id of withDependents([master], permissions)) {
        if (id === master) continue;
        result.set(id, [...(result.get(id) ?? []), master]);
      }
    }
    return result;
  }, [selection, permissions]);

  const stays = (id: number, table: Kind) => moving?.id === id && moving.from === table;
  const available = permissions.filter(
    (p) => (!effective.has(p.id) && !stays(p.id, 'selected')) || stays(p.id, 'available'),
  );
  const selected = permissions.filter(
    (p) => (effective.has(p.id) && !stays(p.id, 'available')) || stays(p.id, 'selected'),
  );

  const toggle = (id: number, from: Kind) => {
    const name = byId.get(id)?.name ?? String(id);
    clearTimeout(moveTimer.current);
    setMoving({ id, from });
    moveTimer.current = setTimeout(() => setMoving(null), MOVE_DELAY_MS);
    if (!effective.has(id)) {
      const next = selectPermission(selection, id);
      const added = effectiveSelection(next, permissions).size - effective.size - 1;
      setAnnouncement(
        `${name} selected${added > 0 ? ` with ${added} dependent permission${added === 1 ? '' : 's'}` : ''}.`,
      );
      onChange([...next.direct].sort((a, b) => a - b));
      return;
    }
    const next = unselectPermission(selection, id, permissions);
    setAnnouncement(`${name} unselected.`);
    onChange([...next.direct].sort((a, b) => a - b));
  };

  const impliedNote = (id: number) => {
    const masters = impliedBy.get(id);
    if (!masters?.length) return undefined;
    return `Implied by ${masters.map((m) => byId.get(m)?.name ?? m).join(', ')}`;
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <PermissionTable
          kind="available"
          title="Available permissions"
          rows={available}
          isSelected={(id) => effective.has(id)}
          readOnly={readOnly || all}
          onToggle={toggle}
          impliedNote={impliedNote}
        />
        <PermissionTable
          kind="selected"
          title="Selected permissions"
          rows={selected}
          isSelected={(id) => effective.has(id)}
          readOnly={readOnly || all}
          onToggle={toggle}
          impliedNote={impliedNote}
        />
      </SimpleGrid>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </>
  );
}

type PermissionTableProps = {
  kind: Kind;
  title: string;
  rows: Permission[];
  isSelected: (id: number) => boolean;
  readOnly: boolean;
  onToggle: (id: number, kind: Kind) => void;
  impliedNote: (id: number) => string | undefined;
};

function PermissionTable({ kind, title, rows, isSelected, readOnly, onToggle, impliedNote }: PermissionTableProps) {
  const headingId = useId();
  const container = useRef<HTMLDivElement>(null);
  /** After a row moved to the other table, keyboard focus stays at the same place in this one. */
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      // Still on the toggled row (it has not moved yet), or the user went elsewhere.
      if (!container.current?.contains(active)) focusIndex.current = null;
      return;
    }
    focusIndex.current = null;
    const boxes = container.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    if (boxes?.length) boxes[Math.min(index, boxes.length - 1)]?.focus();
  });

  const groups = groupByModel(rows);
  const order = new Map(groups.flatMap(([, list]) => list).map((permission, index) => [permission.id, index]));

  return (
    <Paper withBorder radius="md" p={0} className={classes.panel}>
      <Box px="md" py="sm" className={classes.header}>
        <Title order={2} size="h4" id={headingId}>
          {title}{' '}
          <Badge variant="light" size="sm" ml={4}>
            {rows.length}
          </Badge>
        </Title>
      </Box>
      <div
        ref={container}
        className={classes.scroll}
        role="region"
        aria-labelledby={headingId}
        tabIndex={readOnly ? 0 : -1}
        data-permission-table={kind}
      >
        <Table verticalSpacing={6} aria-labelledby={headingId} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Permission</Table.Th>
              <Table.Th scope="col" w={170}>
                Codename
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          {groups.length === 0 && (
            <Table.Tbody>
              <Table.Tr>
                <Table.Td colSpan={2}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {kind === 'available' ? 'Every permission is selected.' : 'No permissions selected.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          )}
          {groups.map(([model, permissions]) => (
            <Table.Tbody key={model}>
              <Table.Tr className={classes.group}>
                <Table.Th colSpan={2} scope="colgroup">
                  {modelLabel(model)}
                </Table.Th>
              </Table.Tr>
              {permissions.map((permission) => {
                const index = order.get(permission.id) ?? 0;
                const note = impliedNote(permission.id);
                return (
                  <Table.Tr key={permission.id} data-permission={permission.codename}>
                    <Table.Td>
                      {readOnly ? (
                        <Text size="sm">
                          {permission.name}
                          {note && (
                            <Text component="span" size="xs" c="dimmed" display="block">
                              {note}
                            </Text>
                          )}
                        </Text>
                      ) : (
                        <Checkbox
                          checked={isSelected(permission.id)}
                          onChange={() => {
                            focusIndex.current = index;
                            onToggle(permission.id, kind);
                          }}
                          label={permission.name}
                          description={note}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" c="dimmed">
                        {permission.codename}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          ))}
        </Table>
      </div>
    </Paper>
  );
}

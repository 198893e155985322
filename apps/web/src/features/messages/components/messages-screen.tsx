// /messages: the signed-in user's messages, newest first, with links to what they are about (an alert,
// its screen); unread ones are bold and can be confirmed.
import { Anchor, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { MESSAGES_PAGE_SIZE } from '@marquee/contracts/constants';
import type { Message } from '@marquee/contracts/messages';
import { IconCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useConfirmMessage } from '../api/confirm-message.ts';
import { useMessages } from '../api/get-messages.ts';
import { ImportanceBadge } from './importance-badge.tsx';

type ConfirmState = { confirm: (message: Message) => void; pendingId: number | undefined };

function messageColumns({ confirm, pendingId }: ConfirmState): DataColumn<Message>[] {
  return [
    {
      id: 'importance',
      header: 'Importance',
      cell: (message) => <ImportanceBadge importance={message.importance} />,
      width: 120,
    },
    {
      id: 'sent_at',
      header: 'Sent at',
      sortField: 'sent_at',
      cell: (message) => (
        <Text size="sm" fw={message.read_at ? undefined : 700} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(message.sent_at)}
        </Text>
      ),
      width: 180,
    },
    {
      id: 'read_at',
      header: 'Read at',
      cell: (message) =>
        message.read_at ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(message.read_at)}
          </Text>
        ) : (
          <Badge variant="outline" color="indigo.8" size="sm">
            Unread
          </Badge>
        ),
      width: 180,
    },
    {
      id: 'content',
      header: 'Content',
      phone: 'title',
      cell: (message) => (
        <Stack gap={2}>
          <Text size="sm" fw={message.read_at ? undefined : 700} style={{ whiteSpace: 'pre-wrap' }}>
            {message.content}
          </Text>
          {message.links.length > 0 && (
            <Group gap="md">
              {message.links.map((link) => (
                <Anchor key={link.path} component={Link} to={link.path} size="sm">
                  {link.label}
                </Anchor>
              ))}
            </Group>
          )}
        </Stack>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (message) =>
        message.read_at ? null : (
          <Button
            size="compact-sm"
            variant="light"
            aria-label="Confirm message"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={pendingId === message.id}
            onClick={() => confirm(message)}
          >
            Confirm
          </Button>
        ),
      width: 130,
    },
  ];
}

export function MessagesScreen() {
  const state = useListState({
    ordering: '-sent_at',
    pageSize: MESSAGES_PAGE_SIZE,
    pageSizes: null,
    filters: ['unread'],
  });
  const list = useMessages(state.query);
  // The URL changes in a transition: the switch shows the new state at once (and follows the URL
  // when it changes from elsewhere).
  const unreadInUrl = state.filters.unread === 'true';
  const [unreadOnly, setUnreadOnly] = useState(unreadInUrl);
  const [seenInUrl, setSeenInUrl] = useState(unreadInUrl);
  if (unreadInUrl !== seenInUrl) {
    setSeenInUrl(unreadInUrl);
    setUnreadOnly(unreadInUrl);
  }
  const confirm = useConfirmMessage();
  const pendingId = confirm.isPending ? confirm.variables?.id : undefined;
  const columns = useMemo(
    () => messageColumns({ confirm: (message) => confirm.mutate(message), pendingId }),
    // `confirm` is a new object every render; its `mutate` is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [confirm.mutate, pendingId],
  );

  return (
    <>
      <PageHeader title="Messages" breadcrumbs={[{ label: 'Messages', to: paths.messages }]} />
      <Paper withBorder p="md" radius="md">
        <Group mb="md" align="flex-end">
          <Switch
            label="Unread only"
            checked={unreadOnly}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setUnreadOnly(checked);
              state.setFilter('unread', checked ? 'true' : '');
            }}
          />
        </Group>
        <DataTable
          label="Messages"
          columns={columns}
          state={state}
          data={list.data}
          loading={list.isPending}
          fetching={list.isFetching}
          pageSizes={null}
          getRowId={(message) => String(message.id)}
          emptyText={unreadInUrl ? 'No unread messages.' : 'No messages yet.'}
          minWidth={760}
        />
      </Paper>
    </>
  );
}

// /advertiser: the advertisers in a browse list (active or disabled, search), each linking to its screen.
import { Anchor, Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Advertiser } from '@marquee/contracts/advertisers';
import { permissionFlags } from '@marquee/contracts/common';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { advertiserPath, paths } from '../../../app/paths.ts';
import { useBrowseBulk } from '../../../components/browse-list/browse-bulk.tsx';
import { BrowseList } from '../../../components/browse-list/browse-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAdvertisersBrowseList } from '../api/get-advertisers.ts';
import { SysIdText } from '../../../components/sys-id.tsx';

function AdvertiserRow({ advertiser }: { advertiser: Advertiser }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Avatar src={advertiser.image} alt="" radius="sm" size="md">
        <IconBuildingStore size={20} aria-hidden />
      </Avatar>
      <Stack gap={2} miw={0}>
        <Anchor component={Link} to={advertiserPath(advertiser.id)} fw={600}>
          {advertiser.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          <SysIdText value={advertiser.sys_id} /> · {advertiser.slug}
        </Text>
      </Stack>
    </Group>
  );
}

export function AdvertiserListScreen() {
  const list = useAdvertisersBrowseList();
  const bulk = useBrowseBulk({
    list,
    resource: 'advertisers',
    model: 'advertiser',
    noun: { one: 'advertiser', many: 'advertisers' },
    nameOf: (advertiser) => advertiser.name,
  });
  const { canAdd } = permissionFlags(list.permissions, 'advertiser');

  return (
    <>
      <PageHeader
        title="Advertisers"
        breadcrumbs={[{ label: 'Advertisers', to: paths.advertisers }]}
        actions={
          canAdd && (
            <Button component={Link} to={paths.advertiserAdd} leftSection={<IconPlus size={16} aria-hidden />}>
              Add advertiser
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        {bulk.toolbar}
        <BrowseList
          label="Advertisers"
          list={list}
          getKey={(advertiser) => advertiser.id}
          renderItem={(advertiser) => bulk.item(advertiser, <AdvertiserRow advertiser={advertiser} />)}
          searchPlaceholder="Name"
          emptyText="No advertisers found."
        />
      </Paper>
    </>
  );
}

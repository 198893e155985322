// /product: the products in a browse list (active or disabled, search, advertiser in the URL).
import { Anchor, Avatar, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { Product } from '@marquee/contracts/advertisers';
import { permissionFlags } from '@marquee/contracts/common';
import { IconPackage, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths, productPath } from '../../../app/paths.ts';
import { useBrowseBulk } from '../../../components/browse-list/browse-bulk.tsx';
import { BrowseList } from '../../../components/browse-list/browse-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { withMissing } from '../../../lib/choices.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAdvertiserChoices } from '../api/get-advertiser-choices.ts';
import { useProductsBrowseList } from '../api/get-products.ts';
import { SysIdText } from '../../../components/sys-id.tsx';

function ProductRow({ product }: { product: Product }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Avatar src={product.image} alt="" radius="sm" size="md">
        <IconPackage size={20} aria-hidden />
      </Avatar>
      <Stack gap={2} miw={0}>
        <Anchor component={Link} to={productPath(product.id)} fw={600}>
          {product.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {product.advertiser_data.name} · <SysIdText value={product.sys_id} />
        </Text>
      </Stack>
    </Group>
  );
}

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export function ProductListScreen() {
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const advertiser = positiveId(params.get('advertiser'));
  const list = useProductsBrowseList(advertiser);
  const bulk = useBrowseBulk({
    list,
    resource: 'products',
    model: 'product',
    noun: { one: 'product', many: 'products' },
    nameOf: (product) => product.name,
    resetKey: String(advertiser ?? ''),
  });
  const advertisers = useAdvertiserChoices(permissionFlags(me?._permissions, 'advertiser').canList);
  const { canAdd } = permissionFlags(list.permissions, 'product');

  const setAdvertiser = (value: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('advertiser', value);
        else next.delete('advertiser');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader
        title="Products"
        breadcrumbs={[{ label: 'Products', to: paths.products }]}
        actions={
          canAdd && (
            <Button component={Link} to={paths.productAdd} leftSection={<IconPlus size={16} aria-hidden />}>
              Add product
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          {bulk.toolbar}
          <Select
            label="Advertiser"
            placeholder="Every advertiser"
            data={withMissing(advertisers.data, advertiser ? [advertiser] : [], 'Advertiser')}
            value={advertiser ? String(advertiser) : null}
            onChange={setAdvertiser}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Show the products of every advertiser' }}
            nothingFoundMessage="No such advertiser"
            maw={360}
          />
          <BrowseList
            label="Products"
            list={list}
            getKey={(product) => product.id}
            renderItem={(product) => bulk.item(product, <ProductRow product={product} />)}
            searchPlaceholder="Name"
            emptyText="No products found."
          />
        </Stack>
      </Paper>
    </>
  );
}

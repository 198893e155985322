// /video: the clips, VIDEO_CLIPS_PAGE_SIZE a page, filtered by search, product, advertiser and
// active/disabled (all in the URL).
import { Button, Group, Paper, SegmentedControl, Select, Stack } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { TextFilter } from '../../../components/data-table/text-filter.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useVideoclipListState, VideoclipTable } from '../../../components/videoclip-table/videoclip-table.tsx';
import { useChoices, withMissing } from '../../../lib/choices.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useProductChoices } from '../api/get-product-choices.ts';

const URL_FILTERS = ['search', 'product', 'product__advertiser', 'is_active'] as const;

const ids = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? [id] : [];
};

export function VideoListScreen() {
  const me = useCurrentUser();
  const state = useVideoclipListState(URL_FILTERS);
  const products = useProductChoices(permissionFlags(me?._permissions, 'product').canList);
  const advertisers = useChoices('advertisers', permissionFlags(me?._permissions, 'advertiser').canList);
  const { canAdd } = permissionFlags(me?._permissions, 'videoclip');
  const disabled = state.filters.is_active === 'false';
  const filters = useMemo(() => ({ is_active: !disabled }), [disabled]);

  const chosenProduct = state.filters.product;
  const productOptions = useMemo(() => {
    const known = products.data ?? [];
    const missing = ids(chosenProduct).filter(
      (id) => !known.some((g) => g.items.some((item) => item.value === String(id))),
    );
    return missing.length
      ? [...known, { group: 'Other', items: missing.map((id) => ({ value: String(id), label: `Product ${id}` })) }]
      : known;
  }, [products.data, chosenProduct]);

  return (
    <>
      <PageHeader
        title="Video clips"
        breadcrumbs={[{ label: 'Video clips', to: paths.videos }]}
        actions={
          canAdd && (
            <Button component={Link} to={paths.videoAdd} leftSection={<IconPlus size={16} aria-hidden />}>
              Add video clip
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <SegmentedControl
              aria-label="Show active or disabled video clips"
              data={[
                { value: 'active', label: 'Active' },
                { value: 'disabled', label: 'Disabled' },
              ]}
              value={disabled ? 'disabled' : 'active'}
              onChange={(value) => state.setFilter('is_active', value === 'disabled' ? 'false' : '')}
            />
            <TextFilter
              label="Search"
              value={state.filters.search ?? ''}
              onChange={(value) => state.setFilter('search', value)}
              placeholder="Name"
            />
            <Select
              label="Advertiser"
              placeholder="Every advertiser"
              data={withMissing(advertisers.data, ids(state.filters.product__advertiser), 'Advertiser')}
              value={state.filters.product__advertiser || null}
              onChange={(value) => state.setFilter('product__advertiser', value ?? '')}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Show the clips of every advertiser' }}
              nothingFoundMessage="No such advertiser"
              w={240}
            />
            <Select
              label="Product"
              placeholder="Every product"
              data={productOptions}
              value={state.filters.product || null}
              onChange={(value) => state.setFilter('product', value ?? '')}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Show the clips of every product' }}
              nothingFoundMessage="No such product"
              w={240}
            />
          </Group>
          <VideoclipTable
            label="Video clips"
            state={state}
            filters={filters}
            bulk
            emptyText={disabled ? 'No disabled video clips found.' : 'No video clips found.'}
          />
        </Stack>
      </Paper>
    </>
  );
}

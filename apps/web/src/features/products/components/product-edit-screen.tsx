// /product/add and /product/:id: the product's form, its images and its clips.
import { Alert, Anchor, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ImageBox } from '../../../components/image-box/image-box.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { VideoclipTable } from '../../../components/videoclip-table/videoclip-table.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAdvertiserChoices } from '../api/get-advertiser-choices.ts';
import { useProduct } from '../api/get-product.ts';
import { productActionPath, refreshProduct } from '../api/product-action.ts';
import { ProductForm } from './product-form.tsx';

function parseId(value: string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function ProductEditScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = parseId(params.id);
  const me = useCurrentUser();
  const product = useProduct(id ?? undefined);
  const canListAdvertisers = permissionFlags(me?._permissions, 'advertiser').canList;
  const advertisers = useAdvertiserChoices(canListAdvertisers);
  const queryClient = useQueryClient();

  if (id === null) return <Navigate to={paths.home} replace />;
  const isNew = id === undefined;
  const breadcrumbs = [{ label: 'Products', to: paths.products }, { label: isNew ? 'Add product' : 'Product' }];

  if (!isNew && product.isError) {
    return (
      <>
        <PageHeader title="Product" breadcrumbs={breadcrumbs} />
        <Alert color="red" variant="light">
          The product could not be loaded.{' '}
          <Anchor component={Link} to={paths.products}>
            Back to the products
          </Anchor>
        </Alert>
      </>
    );
  }

  if (!isNew && !product.data) {
    return (
      <>
        <PageHeader title="Product" breadcrumbs={breadcrumbs} />
        <Stack gap="md" aria-busy="true">
          <Skeleton height={96} radius="md" />
          <Skeleton height={180} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </>
    );
  }

  const data = isNew ? undefined : product.data;
  const objectFlags = permissionFlags(data?._permissions, 'product');
  const readOnly = isNew ? !permissionFlags(me?._permissions, 'product').canAdd : !objectFlags.canChange;

  return (
    <ProductForm
      key={id ?? 'new'}
      product={data}
      advertisers={advertisers.data}
      advertisersLoading={canListAdvertisers && advertisers.isPending}
      initialAdvertiser={parseId(search.get('advertiser')) ?? undefined}
      readOnly={readOnly}
      canChange={objectFlags.canChange}
      images={
        data && (
          <ImageBox
            endpoint={productActionPath(data.id, 'images')}
            label="Images"
            readOnly={!objectFlags.canChange}
            onChange={() => refreshProduct(queryClient, data.id)}
          />
        )
      }
      clips={
        data && (
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Video clips
            </Title>
            <VideoclipTable
              label={`Video clips of ${data.name}`}
              filters={{ product: data.id, is_active: true }}
              hide={['product', 'advertiser']}
              emptyText="This product has no video clips yet."
            />
          </Paper>
        )
      }
    />
  );
}

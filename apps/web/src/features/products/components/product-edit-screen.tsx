// /product/add and /product/:id: the product's form, its images and its clips.
import { Paper, Title } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, parseId, useRouteId } from '../../../components/detail-screen.tsx';
import { ImageBox } from '../../../components/image-box/image-box.tsx';
import { VideoclipTable } from '../../../components/videoclip-table/videoclip-table.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAdvertiserChoices } from '../api/get-advertiser-choices.ts';
import { useProduct } from '../api/get-product.ts';
import { productActionPath, refreshProduct } from '../api/product-action.ts';
import { ProductForm } from './product-form.tsx';

export function ProductEditScreen() {
  const [search] = useSearchParams();
  const id = useRouteId();
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
      <DetailLoadError
        title="Product"
        breadcrumbs={breadcrumbs}
        noun="product"
        back={{ to: paths.products, label: 'Back to the products' }}
      />
    );
  }
  if (!isNew && !product.data) {
    return <DetailSkeleton title="Product" breadcrumbs={breadcrumbs} heights={[96, 180, 220]} />;
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

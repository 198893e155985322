// The form of /product/add and /product/:id: name (and its slug), the advertiser it belongs to;
// the screen adds its images and clips. Save and Disable/Enable in the header.
import { Badge, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { productInput, type Product, type ProductInput } from '@marquee/contracts/advertisers';
import { z } from 'zod';
import { useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { paths, productPath } from '../../../app/paths.ts';
import { ActiveStateButton, activeStateActions } from '../../../components/active-state-button.tsx';
import { EditFormHeader, ReadOnlyNotice } from '../../../components/edit-form-header.tsx';
import { FormIdSelect } from '../../../components/form-id-select.tsx';
import { SlugField, type Slugged } from '../../../components/slug-field.tsx';
import { useEditForm } from '../../../components/use-edit-form.ts';
import type { Choice } from '../../../lib/choices.ts';
import type { Detail } from '../../../lib/resources.ts';
import { useDisableProduct } from '../api/disable-product.ts';
import { useEnableProduct } from '../api/enable-product.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { SysIdBadge } from '../../../components/sys-id.tsx';

/** `advertiser` is null until one is chosen. */
export type ProductFormValues = { name: string; advertiser: number | null };

const FORM_ID = 'product-form';
const FIELDS = ['name', 'advertiser'] as const;
const schema = z.object({
  name: productInput.shape.name,
  advertiser: z
    .number()
    .nullable()
    .transform((value, context) => {
      if (value !== null) return value;
      context.addIssue({ code: 'custom', message: 'Choose an advertiser.' });
      return z.NEVER;
    }),
});

export const valuesOf = (product: Product | undefined, advertiser?: number): ProductFormValues => ({
  name: product?.name ?? '',
  advertiser: product?.advertiser ?? advertiser ?? null,
});

export type ProductFormProps = {
  product: Detail<Product> | undefined;
  /** The active advertisers; undefined while loading or when they cannot be listed. */
  advertisers: Choice[] | undefined;
  advertisersLoading?: boolean;
  /** The advertiser of a new product (`?advertiser=` of /product/add). */
  initialAdvertiser?: number;
  readOnly: boolean;
  canChange: boolean;
  images?: ReactNode;
  clips?: ReactNode;
};

export function ProductForm({
  product,
  advertisers,
  advertisersLoading = false,
  initialAdvertiser,
  readOnly,
  canChange,
  images,
  clips,
}: ProductFormProps) {
  const save = useSaveProduct();
  const disable = useDisableProduct();
  const enable = useEnableProduct();
  const [lastSaved, setLastSaved] = useState<Slugged>();
  const {
    register,
    control,
    submit,
    formState: { errors, isSubmitting },
  } = useEditForm<Detail<Product>, ProductFormValues, ProductInput>({
    object: product,
    valuesOf,
    defaultValues: valuesOf(product, initialAdvertiser),
    schema,
    readOnly,
    fields: FIELDS,
    pathOf: productPath,
    describe: (saved) => `Product "${saved.name}"`,
    save: (input) => save.mutateAsync({ id: product?.id, values: input }),
    onSaved: (saved) => setLastSaved({ name: saved.name, slug: saved.slug }),
  });
  const name = useWatch({ control, name: 'name' });

  const advertiserOptions = useMemo(() => {
    const known = advertisers ?? [];
    // The product's own advertiser shows even when disabled (or not listable).
    if (product && !known.some((choice) => choice.value === String(product.advertiser)))
      return [{ value: String(product.advertiser), label: product.advertiser_data.name }, ...known];
    return known;
  }, [advertisers, product]);

  return (
    <>
      <EditFormHeader
        noun="Product"
        name={product?.name}
        list={{ label: 'Products', to: paths.products }}
        formId={FORM_ID}
        readOnly={readOnly}
        saving={isSubmitting}
      >
        {product && canChange && (
          <ActiveStateButton
            isActive={product.is_active}
            noun="product"
            name={product.name}
            {...activeStateActions(product.id, `Product "${product.name}"`, disable, enable)}
          />
        )}
      </EditFormHeader>
      <Stack gap="md">
        {product && (
          <Group gap="xs">
            <SysIdBadge value={product.sys_id} />
            {!product.is_active && (
              <Badge color="red.9" variant="outline" size="lg">
                Disabled
              </Badge>
            )}
          </Group>
        )}
        {readOnly && <ReadOnlyNotice what="this product" />}
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label="Name"
                required
                withAsterisk={false}
                disabled={readOnly}
                error={errors.name?.message}
                autoComplete="off"
                {...register('name')}
              />
              <SlugField name={name} saved={[lastSaved, product]} />
              <FormIdSelect
                control={control}
                name="advertiser"
                label="Advertiser"
                data={advertiserOptions}
                readOnly={readOnly}
                loading={advertisersLoading}
                nothingFoundMessage="No such advertiser"
                placeholder="Choose an advertiser"
              />
            </SimpleGrid>
          </Paper>
        </form>
        {images}
        {clips}
      </Stack>
    </>
  );
}

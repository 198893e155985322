// The form of /video/add and /video/:id: the video (uploaded at once), its name (defaulting to the
// file's name) and product. An existing clip shows its player and may get a new video.
import { Badge, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { fileBaseName } from '@marquee/contracts/files';
import { messages } from '@marquee/contracts/texts';
import { videoclipInput, type Videoclip, type VideoclipInput, type VideoMedia } from '@marquee/contracts/videoclips';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { paths, videoPath } from '../../../app/paths.ts';
import { ActiveStateButton, activeStateActions } from '../../../components/active-state-button.tsx';
import { EditFormHeader, ReadOnlyNotice } from '../../../components/edit-form-header.tsx';
import { FormIdSelect } from '../../../components/form-id-select.tsx';
import { useEditForm } from '../../../components/use-edit-form.ts';
import type { Detail } from '../../../lib/resources.ts';
import { useDisableVideoclip } from '../api/disable-videoclip.ts';
import { useEnableVideoclip } from '../api/enable-videoclip.ts';
import type { ProductGroup } from '../api/get-product-choices.ts';
import { useSaveVideoclip } from '../api/save-videoclip.ts';
import { MediaDetails, VideoUpload, type MediaSummary } from './video-upload.tsx';
import { SysIdBadge } from '../../../components/sys-id.tsx';

/** `product` and `video` are null until chosen and uploaded. */
export type VideoFormValues = { name: string; product: number | null; video: number | null };

const requiredId = (message: string) =>
  z
    .number()
    .nullable()
    .transform((value, context) => {
      if (value !== null) return value;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

const schema = z.object({
  name: videoclipInput.shape.name,
  product: requiredId('Choose a product.'),
  video: requiredId(messages.videoRequired),
});

const FORM_ID = 'video-form';
const FIELDS = ['name', 'product', 'video'] as const;

export const valuesOf = (clip: Videoclip | undefined): VideoFormValues => ({
  name: clip?.name ?? '',
  product: clip?.product ?? null,
  video: clip?.video ?? null,
});

export type VideoFormProps = {
  clip: Detail<Videoclip> | undefined;
  /** Products grouped by advertiser; undefined while loading or when they cannot be listed. */
  products: ProductGroup[] | undefined;
  productsLoading?: boolean;
  readOnly: boolean;
  canChange: boolean;
  /** The clip's player (an existing clip). */
  player?: ReactNode;
};

export function VideoForm({ clip, products, productsLoading = false, readOnly, canChange, player }: VideoFormProps) {
  const save = useSaveVideoclip();
  const disable = useDisableVideoclip();
  const enable = useEnableVideoclip();
  /** The last upload, until the clip is saved with it. */
  const [uploaded, setUploaded] = useState<VideoMedia>();
  /** The name this form filled in from a file; a name the user typed is kept. */
  const defaultedName = useRef<string | null>(null);
  const {
    register,
    control,
    submit,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useEditForm<Detail<Videoclip>, VideoFormValues, VideoclipInput>({
    object: clip,
    valuesOf,
    schema,
    readOnly,
    fields: FIELDS,
    pathOf: videoPath,
    describe: (saved) => `Video clip "${saved.name}"`,
    save: (input) => save.mutateAsync({ id: clip?.id, values: input }),
    onSaved: () => {
      setUploaded(undefined);
      defaultedName.current = null;
    },
  });

  const productOptions = useMemo(() => {
    const known = products ?? [];
    const listed = known.some((group) => group.items.some((item) => item.value === String(clip?.product)));
    // The clip's own product shows even when disabled (or not listable).
    if (clip && !listed)
      return [
        {
          group: clip.product_data.advertiser_name,
          items: [{ value: String(clip.product), label: clip.product_data.name }],
        },
        ...known,
      ];
    return known;
  }, [products, clip]);

  const onFileChosen = (file: File) => {
    const current = getValues('name');
    if (current.trim() && current !== defaultedName.current) return;
    const name = fileBaseName(file.name);
    defaultedName.current = name;
    setValue('name', name, { shouldDirty: true, shouldValidate: Boolean(errors.name) });
  };

  // What shows and what would be saved is the clip's own video again until the new file is uploaded.
  const onReset = () => {
    setUploaded(undefined);
    setValue('video', clip?.video ?? null, { shouldDirty: true });
  };

  const onUploaded = (media: VideoMedia) => {
    setUploaded(media);
    setValue('video', media.id, { shouldDirty: true });
    clearErrors('video');
  };

  const media: MediaSummary | undefined = uploaded ?? clip;

  const upload = (
    <VideoUpload
      label={clip ? 'Replace the video' : 'Video file'}
      media={media}
      onReset={onReset}
      onFileChosen={onFileChosen}
      onUploaded={onUploaded}
      error={errors.video?.message}
      disabled={readOnly}
    />
  );

  const fields = (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        withAsterisk={false}
        disabled={readOnly}
        error={errors.name?.message}
        autoComplete="off"
        {...register('name')}
      />
      <FormIdSelect
        control={control}
        name="product"
        label="Product"
        description="Grouped by advertiser"
        data={productOptions}
        readOnly={readOnly}
        loading={productsLoading}
        nothingFoundMessage="No such product"
        placeholder="Choose a product"
        limit={200}
      />
    </Stack>
  );

  return (
    <>
      <EditFormHeader
        noun="Video clip"
        name={clip?.name}
        list={{ label: 'Video clips', to: paths.videos }}
        formId={FORM_ID}
        readOnly={readOnly}
        saving={isSubmitting}
      >
        {clip && canChange && (
          <ActiveStateButton
            isActive={clip.is_active}
            noun="video clip"
            name={clip.name}
            {...activeStateActions(clip.id, `Video clip "${clip.name}"`, disable, enable)}
          />
        )}
      </EditFormHeader>
      <Stack gap="md">
        {clip && (
          <Group gap="xs">
            <SysIdBadge value={clip.sys_id} />
            <Badge variant="light" color="gray" size="lg" tt="none">
              {clip.product_data.advertiser_name}
            </Badge>
            {!clip.is_active && (
              <Badge color="red.9" variant="outline" size="lg">
                Disabled
              </Badge>
            )}
          </Group>
        )}
        {readOnly && <ReadOnlyNotice what="this video clip" />}
        <form id={FORM_ID} onSubmit={submit} noValidate>
          {clip ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Paper withBorder p="md" radius="md">
                {player}
              </Paper>
              <Stack gap="md">
                <Paper withBorder p="md" radius="md">
                  {fields}
                </Paper>
                <Paper withBorder p="md" radius="md">
                  {readOnly ? media && <MediaDetails media={media} /> : upload}
                </Paper>
              </Stack>
            </SimpleGrid>
          ) : (
            <Stack gap="md">
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="sm">
                  Video
                </Title>
                {upload}
              </Paper>
              <Paper withBorder p="md" radius="md">
                {fields}
              </Paper>
            </Stack>
          )}
        </form>
      </Stack>
    </>
  );
}

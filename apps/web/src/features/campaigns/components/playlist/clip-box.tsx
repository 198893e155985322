// The clip selection box: active clips filtered by advertiser, product and a search text, a page at a
// time with "Load more"; each clip a compact card dragged into the playlist or added with its button.
import { useDraggable } from '@dnd-kit/core';
import { Button, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { campaignTexts } from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import { TABLE_FILTER_DELAY_MS } from '@marquee/contracts/constants';
import type { Videoclip } from '@marquee/contracts/videoclips';
import { IconGripVertical, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { ListLoadError, ListSkeleton } from '../../../../components/list-states.tsx';
import { formatDuration } from '../../../../components/video-player/format-duration.ts';
import { useChoices } from '../../../../lib/choices.ts';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { useAdvertiserProducts, usePlaylistClips } from '../../api/get-playlist-clips.ts';
import type { PlaylistClip } from './campaign-playlist.tsx';
import classes from './playlist.module.css';

/** Drag data of a clip card (the playlist tells it from its own items by this). */
export type ClipDragData = { clip: PlaylistClip };

export const clipDragId = (clip: Pick<PlaylistClip, 'id'>) => `clip-${clip.id}`;

export const toPlaylistClip = (clip: Videoclip): PlaylistClip => ({
  id: clip.id,
  name: clip.name,
  video_file: clip.video_file,
  video_thumb: clip.video_thumb,
  duration: clip.duration,
  advertiser: clip.product_data.advertiser,
});

type ClipCardBodyProps = {
  clip: PlaylistClip;
  detail?: string;
  /** Shown before the duration (e.g. the "This campaign" badge). */
  tag?: ReactNode;
};

/** Thumbnail, name and duration (also the drag overlay's picture). */
export function ClipCardBody({ clip, detail, tag }: ClipCardBodyProps) {
  return (
    <>
      <img className={classes.thumb} src={clip.video_thumb.preview} alt="" loading="lazy" />
      <div className={classes.text}>
        <Text size="sm" fw={500} truncate="end" title={clip.name}>
          {clip.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          {tag}
          <Text size="xs" c="dimmed" truncate="end">
            {[formatDuration(clip.duration), detail].filter(Boolean).join(' · ')}
          </Text>
        </Group>
      </div>
    </>
  );
}

type ClipCardProps = { clip: PlaylistClip; product: string; onAdd: (clip: PlaylistClip) => void };

function ClipCard({ clip, product, onAdd }: ClipCardProps) {
  const data: ClipDragData = { clip };
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: clipDragId(clip), data });
  return (
    <li ref={setNodeRef} className={[classes.card, isDragging && classes.dragging].filter(Boolean).join(' ')}>
      {/* The pointer way; keyboard users have the Add button, so the handle takes no focus. */}
      <span className={classes.handle} {...listeners} aria-hidden="true" title="Drag into the playlist">
        <IconGripVertical size={16} />
      </span>
      <ClipCardBody clip={clip} detail={product} />
      <Button
        size="compact-sm"
        variant="light"
        aria-label={`Add ${clip.name} to the playlist`}
        onClick={() => onAdd(clip)}
      >
        Add
      </Button>
    </li>
  );
}

/** Only for a form that can be changed: a read-only playlist has nothing to pick. */
export type ClipBoxProps = { onAdd: (clip: PlaylistClip) => void };

export function ClipBox({ onAdd }: ClipBoxProps) {
  const headingId = useId();
  const me = useCurrentUser();
  const canListAdvertisers = permissionFlags(me?._permissions, 'advertiser').canList;
  const canListProducts = permissionFlags(me?._permissions, 'product').canList;
  const [advertiser, setAdvertiser] = useState<number | null>(null);
  const [product, setProduct] = useState<number | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), TABLE_FILTER_DELAY_MS);

  const advertisers = useChoices('advertisers', canListAdvertisers);
  const products = useAdvertiserProducts(advertiser, { enabled: canListProducts });
  const clips = usePlaylistClips({ advertiser, product, search }, { enabled: true });
  const rows = useMemo(() => clips.data?.pages.flatMap((page) => page.results) ?? [], [clips.data]);
  const count = clips.data?.pages[0]?.count ?? 0;

  const chooseAdvertiser = (value: string | null) => {
    setAdvertiser(value === null ? null : Number(value));
    setProduct(null);
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          Video clips
        </Title>
        <SimpleGrid cols={{ base: 1, xs: canListAdvertisers ? 2 : 1 }} spacing="xs" verticalSpacing="xs">
          {canListAdvertisers && (
            <Select
              label="Advertiser"
              placeholder={advertisers.isPending ? 'Loading…' : 'All advertisers'}
              data={advertisers.data ?? []}
              value={advertiser === null ? null : String(advertiser)}
              onChange={chooseAdvertiser}
              searchable
              clearable
              nothingFoundMessage="No advertiser matches"
            />
          )}
          {canListAdvertisers && canListProducts && (
            <Select
              label="Product"
              placeholder={advertiser === null ? 'Pick an advertiser' : 'All products'}
              data={products.data ?? []}
              value={product === null ? null : String(product)}
              onChange={(value) => setProduct(value === null ? null : Number(value))}
              disabled={advertiser === null}
              searchable
              clearable
              nothingFoundMessage="No product matches"
            />
          )}
        </SimpleGrid>
        <TextInput
          label="Search clips"
          placeholder="Clip name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
        />
        {clips.isPending ? (
          <ListSkeleton rows={4} height={54} testId="clip-box-loading" />
        ) : clips.isError && !rows.length ? (
          <ListLoadError what="video clips" onRetry={() => void clips.refetch()} />
        ) : !rows.length ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {advertiser === null && product === null && !search ? campaignTexts.noBookableClips : 'No clips match'}
          </Text>
        ) : (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" aria-live="polite">
                {rows.length} of {count} clips
              </Text>
              <Text size="xs" c="dimmed">
                Drag a clip into the playlist, or use Add
              </Text>
            </Group>
            {/* Vertical only: Autosize's content is at least as wide as its widest line, so a long
                clip name pushed the Add buttons out of sight on a phone. */}
            <ScrollArea.Autosize
              mah={420}
              type="auto"
              scrollbars="y"
              offsetScrollbars="y"
              classNames={{ root: classes.clipScroll, content: classes.clipScrollContent }}
            >
              <ul className={classes.list} aria-labelledby={headingId} aria-busy={clips.isFetching}>
                {rows.map((clip) => (
                  <ClipCard
                    key={clip.id}
                    clip={toPlaylistClip(clip)}
                    product={`${clip.product_data.advertiser_name} / ${clip.product_data.name}`}
                    onAdd={onAdd}
                  />
                ))}
              </ul>
            </ScrollArea.Autosize>
            {clips.hasNextPage && (
              <Button
                variant="default"
                size="xs"
                onClick={() => void clips.fetchNextPage()}
                loading={clips.isFetchingNextPage}
              >
                Load more clips
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

// The clip selection box (clips by advertiser and product) and the playlist preview of a chosen
// location: its actual campaigns in order with this campaign's clip at its position. A clip dropped
// or added becomes the campaign's clip; where it lands (or where it is moved) sets its ordering.
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Campaign } from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import { messages } from '@marquee/contracts/texts';
import { useMemo, useState } from 'react';
import { useChoices, withMissing } from '../../../../lib/choices.ts';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { useLocationPlaylist } from '../../api/campaigns.ts';
import { ClipBox, ClipCardBody, type ClipDragData } from './clip-box.tsx';
import { orderingAtEnd, orderingForIndex, sortSlots, type Slot } from './playlist-order.ts';
import { PLAYLIST_DROP, PlaylistPreview, SELF_KEY, type PreviewItem, type PreviewStatus } from './playlist-preview.tsx';
import classes from './playlist.module.css';

/** The clip the campaign plays, as the playlist shows it (the clip box offers active clips only, and a
 * campaign's disabled clip is told above the form). */
export type PlaylistClip = Omit<NonNullable<Campaign['videoclip_data']>, 'is_active'>;

export type CampaignPlaylistValue = {
  /** The campaign's clip id, or null when none is in the playlist. */
  videoclip: number | null;
  /** The clip's details when known (for the preview). */
  clip: PlaylistClip | null;
  /** The campaign's position in the location's loop. */
  ordering: number;
};

export type CampaignPlaylistProps = {
  /** The chosen locations; the preview shows one of them (a picker when several). */
  locations: number[];
  /** The edited campaign (left out of the location's list: it is shown as "this campaign"). */
  campaignId?: number;
  value: CampaignPlaylistValue;
  onChange: (value: CampaignPlaylistValue) => void;
  readOnly: boolean;
  /** 'Select video clip!' etc. */
  error?: string;
};

type OtherSlot = Slot & { item: Extract<PreviewItem, { self: false }> };

const clipOf = (data: unknown) => (data as Partial<ClipDragData> | undefined)?.clip;

/** Clip cards collide by the pointer (over the playlist or not); this campaign's item with the closest
 * item, so the keyboard can move it too. */
const collisionDetection: CollisionDetection = (args) => {
  if (args.active.id === SELF_KEY) {
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((container) => container.id !== PLAYLIST_DROP),
    });
  }
  const hits = pointerWithin(args);
  const items = hits.filter((hit) => hit.id !== PLAYLIST_DROP);
  return items.length ? items : hits;
};

export function CampaignPlaylist({ locations, campaignId, value, onChange, readOnly, error }: CampaignPlaylistProps) {
  const me = useCurrentUser();
  const [chosen, setChosen] = useState<number | null>(null);
  const previewed = chosen !== null && locations.includes(chosen) ? chosen : locations[0];
  const locationChoices = useChoices(
    'locations',
    locations.length > 0 && permissionFlags(me?._permissions, 'location').canList,
  );
  const playlist = useLocationPlaylist(previewed);
  const [dragged, setDragged] = useState<PlaylistClip | null>(null);
  const [overPlaylist, setOverPlaylist] = useState(false);

  /** The location's other campaigns in playing order. */
  const others = useMemo<OtherSlot[]>(
    () =>
      sortSlots(
        (previewed === undefined ? [] : (playlist.data ?? []))
          .filter((row) => row.id !== campaignId)
          .map((row) => ({
            ordering: row.ordering,
            id: row.id,
            item: { key: `campaign-${row.id}`, self: false, clip: row.videoclip_data, campaignName: row.name },
          })),
      ),
    [playlist.data, previewed, campaignId],
  );
  const self: Slot = { ordering: value.ordering, id: campaignId };
  const selfIndex = others.filter((other) => sortSlots([other, self])[0] === other).length;
  const items: PreviewItem[] = others.map((other) => other.item);
  if (value.clip) items.splice(selfIndex, 0, { key: SELF_KEY, self: true, clip: value.clip });

  const status: PreviewStatus =
    previewed === undefined ? 'no-location' : playlist.isPending ? 'loading' : playlist.isError ? 'error' : 'ready';

  const moveTo = (index: number) => onChange({ ...value, ordering: orderingForIndex(others, index, self) });

  /** Makes `clip` the campaign's clip: at `index` when dropped on an item, else where it was (a new
   * campaign's first clip at the end of the loop). A clip already in the loop asks first. */
  const add = (clip: PlaylistClip, index?: number) => {
    const place = () => {
      let ordering = value.ordering;
      if (index !== undefined) ordering = orderingForIndex(others, index, self);
      else if (value.videoclip === null && campaignId === undefined && previewed !== undefined)
        ordering = orderingAtEnd(others);
      onChange({ videoclip: clip.id, clip, ordering });
    };
    const inLoop = value.videoclip === clip.id || others.some((other) => other.item.clip?.id === clip.id);
    if (!inLoop) {
      place();
      return;
    }
    modals.openConfirmModal({
      title: messages.duplicateClipTitle,
      // The spec's words, then why it is only a question: a clip may play in more than one slot.
      children: (
        <Stack gap="xs">
          <Text size="sm">{messages.duplicateClipText}</Text>
          <Text size="sm" c="dimmed">
            The loop already plays this clip. That is allowed: each campaign gets its own slot, so the clip then plays
            once per slot.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Add', cancel: 'Cancel' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: place,
    });
  };

  const remove = () => onChange({ ...value, videoclip: null, clip: null });

  const sensors = useSensors(
    // A short move before a drag starts, so a click on a card's button stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: string | number) => {
    if (id === SELF_KEY) return `this campaign (${value.clip?.name ?? ''})`;
    return others.find((other) => other.item.key === id)?.item.campaignName ?? 'the playlist';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${clipOf(active.data.current)?.name ?? nameOf(active.id)}.`,
    onDragOver: ({ over }) => (over ? `Over ${nameOf(over.id)}.` : 'Not over the playlist.'),
    onDragEnd: ({ over }) => (over ? `Dropped on ${nameOf(over.id)}.` : 'Dropped outside the playlist.'),
    onDragCancel: () => 'Cancelled.',
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragged(clipOf(active.data.current) ?? null);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    setOverPlaylist(false);
    if (!over || readOnly) return;
    const clip = clipOf(active.data.current);
    const overIndex = others.findIndex((other) => other.item.key === over.id);
    if (clip) {
      // On another campaign: in its place (before it); on this campaign or the empty area: as Add does.
      add(clip, overIndex >= 0 ? overIndex : undefined);
      return;
    }
    if (active.id !== SELF_KEY || over.id === SELF_KEY || over.id === PLAYLIST_DROP) return;
    // Sorting: the item lands at the index of the one it was dropped on.
    moveTo(items.findIndex((item) => item.key === over.id));
  };

  const locationOptions = withMissing(locationChoices.data, locations, 'Location').filter((choice) =>
    locations.includes(Number(choice.value)),
  );
  const locationPicker =
    locations.length > 1 ? (
      <Select
        label="Preview location"
        description="The playlist of one of the chosen locations"
        data={locationOptions}
        value={previewed === undefined ? null : String(previewed)}
        onChange={(next) => next !== null && setChosen(Number(next))}
        allowDeselect={false}
        searchable
      />
    ) : previewed !== undefined ? (
      <Text size="sm">
        At{' '}
        <Text span fw={600}>
          {locationOptions[0]?.label}
        </Text>
      </Text>
    ) : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{ announcements }}
      onDragStart={onDragStart}
      onDragOver={({ active, over }) => setOverPlaylist(Boolean(clipOf(active.data.current) && over))}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragged(null);
        setOverPlaylist(false);
      }}
    >
      {/* Read-only, there is nothing to pick from: the playlist alone. */}
      <SimpleGrid
        type="container"
        cols={{ base: 1, '50rem': readOnly ? 1 : 2 }}
        spacing="md"
        verticalSpacing="md"
        style={{ alignItems: 'start' }}
      >
        {!readOnly && <ClipBox onAdd={(clip) => add(clip)} />}
        <PlaylistPreview
          items={items}
          status={status}
          onRetry={() => void playlist.refetch()}
          location={locationPicker}
          playerKey={String(previewed ?? 'none')}
          readOnly={readOnly}
          dropActive={overPlaylist}
          error={error}
          onMove={moveTo}
          onRemove={remove}
        />
      </SimpleGrid>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className={`${classes.card} ${classes.overlay}`}>
            <ClipCardBody clip={dragged} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

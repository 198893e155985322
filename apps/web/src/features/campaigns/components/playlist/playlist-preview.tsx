// The playlist preview: what the chosen location plays, in order, each other campaign locked and this
// campaign highlighted where its ordering puts it (dragged, or moved with Move up/down), and the
// whole loop in the video player.
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconLock, IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ListLoadError, ListSkeleton } from '../../../../components/list-states.tsx';
import { VideoPlayer, type PlayerClip } from '../../../../components/video-player/video-player.tsx';
import type { PlaylistClip } from './campaign-playlist.tsx';
import { ClipCardBody } from './clip-box.tsx';
import classes from './playlist.module.css';

/** The sortable id of this campaign's item; the drop area's id. */
export const SELF_KEY = 'this-campaign';
export const PLAYLIST_DROP = 'playlist';

export type PreviewItem =
  | { key: string; self: false; clip: PlaylistClip | undefined; campaignName: string }
  | { key: typeof SELF_KEY; self: true; clip: PlaylistClip };

/** What the preview shows: no location chosen, the location's loop loading or failing, or ready. */
export type PreviewStatus = 'no-location' | 'loading' | 'error' | 'ready';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

function OtherItem({ item, position }: { item: Extract<PreviewItem, { self: false }>; position: number }) {
  // Other campaigns give way as this one is dragged past them, but cannot be dragged themselves.
  const { setNodeRef, transform, transition } = useSortable({
    id: item.key,
    disabled: { draggable: true, droppable: false },
  });
  return (
    <li
      ref={setNodeRef}
      className={classes.card}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={`${position}. ${item.clip?.name ?? 'No clip'}, campaign ${item.campaignName}`}
    >
      <span className={classes.position} aria-hidden>
        {position}.
      </span>
      {item.clip ? (
        <ClipCardBody clip={item.clip} detail={item.campaignName} />
      ) : (
        <>
          <IconPhotoOff className={classes.thumb} aria-hidden />
          <Text size="sm" className={classes.text} truncate="end">
            {item.campaignName}
          </Text>
        </>
      )}
      <Tooltip label="Another campaign: its place is fixed">
        <IconLock size={16} color="var(--mantine-color-gray-6)" aria-hidden />
      </Tooltip>
    </li>
  );
}

type SelfItemProps = {
  clip: PlaylistClip;
  position: number;
  count: number;
  readOnly: boolean;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
};

function SelfItem({ clip, position, count, readOnly, onMove, onRemove }: SelfItemProps) {
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: SELF_KEY,
    disabled: readOnly,
  });
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  /** The move button last used keeps the focus as the item changes places (or the other, at an end). */
  const moved = useRef<-1 | 1 | null>(null);
  const first = position === 1;
  const last = position === count;

  useEffect(() => {
    if (moved.current === null) return;
    const wanted = moved.current === -1 ? (first ? down : up) : last ? up : down;
    moved.current = null;
    wanted.current?.focus();
  }, [position, first, last]);

  const move = (direction: -1 | 1) => {
    moved.current = direction;
    onMove(direction);
  };

  return (
    <li
      ref={setNodeRef}
      className={cx(classes.card, classes.self, isDragging && classes.dragging)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={`${position}. ${clip.name}, this campaign`}
      aria-current="true"
    >
      <span className={classes.position} aria-hidden>
        {position}.
      </span>
      {!readOnly && (
        <span
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-label="Drag this campaign to another place (space to pick up, arrows to move)"
          aria-roledescription="sortable"
        >
          <IconGripVertical size={16} aria-hidden />
        </span>
      )}
      <ClipCardBody
        clip={clip}
        tag={
          <Badge variant="filled" size="xs" style={{ flex: 'none' }}>
            This campaign
          </Badge>
        }
      />
      {!readOnly && (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Move up">
            <ActionIcon ref={up} variant="default" aria-label="Move up" disabled={first} onClick={() => move(-1)}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon ref={down} variant="default" aria-label="Move down" disabled={last} onClick={() => move(1)}>
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove the clip">
            <ActionIcon variant="light" color="red" aria-label={`Remove ${clip.name}`} onClick={onRemove}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </li>
  );
}

export type PlaylistPreviewProps = {
  items: PreviewItem[];
  status: PreviewStatus;
  onRetry: () => void;
  /** The location picker (or the location's name). */
  location: ReactNode;
  /** Changes when the previewed loop is another one (the player starts over). */
  playerKey: string;
  readOnly: boolean;
  /** A clip is being dragged over the playlist. */
  dropActive: boolean;
  error?: string;
  /** Moves this campaign to `index` in the loop without it. */
  onMove: (index: number) => void;
  onRemove: () => void;
};

export function PlaylistPreview({
  items,
  status,
  onRetry,
  location,
  playerKey,
  readOnly,
  dropActive,
  error,
  onMove,
  onRemove,
}: PlaylistPreviewProps) {
  const headingId = useId();
  const errorId = useId();
  const { setNodeRef } = useDroppable({ id: PLAYLIST_DROP, disabled: readOnly });
  const selfIndex = items.findIndex((item) => item.self);
  const playerClips: PlayerClip[] = items.flatMap((item) =>
    item.clip
      ? [{ key: item.key, name: item.clip.name, src: item.clip.video_file, poster: item.clip.video_thumb.url }]
      : [],
  );
  const hasOthers = items.some((item) => !item.self);
  // The player starts on this campaign's clip (what the user edits or an approver reviews), not on
  // the loop's first one. It waits for the loop: mounted while only this clip was known, its first
  // position would later have become another campaign's clip.
  const selfClip = playerClips.findIndex((clip) => clip.key === SELF_KEY);
  const showPlayer = playerClips.length > 0 && status !== 'loading';

  let empty: ReactNode = null;
  if (status === 'no-location') empty = 'Choose a location to see what it plays';
  else if (status === 'ready' && !items.length) empty = 'Nothing plays here yet';

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          Playlist
        </Title>
        {location}
        <div
          ref={setNodeRef}
          className={cx(classes.drop, dropActive && classes.dropActive, error && classes.invalid)}
          aria-describedby={error ? errorId : undefined}
          data-testid="playlist-drop"
        >
          {status === 'loading' ? (
            <ListSkeleton rows={3} height={54} testId="playlist-loading" />
          ) : status === 'error' ? (
            <ListLoadError what="location's campaigns" onRetry={onRetry} />
          ) : (
            <Stack gap="xs">
              {empty && (
                <Text size="sm" c="dimmed" ta="center" pt="xs">
                  {empty}
                </Text>
              )}
              {items.length > 0 && (
                <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
                  <ol className={classes.list} aria-label="Playlist order">
                    {items.map((item, index) =>
                      item.self ? (
                        <SelfItem
                          key={item.key}
                          clip={item.clip}
                          position={index + 1}
                          count={items.length}
                          readOnly={readOnly}
                          onMove={(direction) => onMove(index + direction)}
                          onRemove={onRemove}
                        />
                      ) : (
                        <OtherItem key={item.key} item={item} position={index + 1} />
                      ),
                    )}
                  </ol>
                </SortableContext>
              )}
              {selfIndex < 0 && !readOnly && (
                <Text size="sm" c="dimmed" ta="center" pb="xs">
                  {hasOthers
                    ? 'Drop a clip here, or use Add in the clip list, to place this campaign in the loop'
                    : 'Drop a clip here, or use Add in the clip list'}
                </Text>
              )}
            </Stack>
          )}
        </div>
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" id={errorId} role="alert">
            {error}
          </Text>
        )}
        <VisuallyHidden aria-live="polite">
          {selfIndex >= 0 && status !== 'loading'
            ? `This campaign plays as number ${selfIndex + 1} of ${items.length}.`
            : ''}
        </VisuallyHidden>
        {showPlayer && (
          <VideoPlayer
            key={`${playerKey}-${status}`}
            clips={playerClips}
            label="Playlist preview"
            initialIndex={Math.max(selfClip, 0)}
            initialLooping
            withPopup
          />
        )}
      </Stack>
    </Paper>
  );
}

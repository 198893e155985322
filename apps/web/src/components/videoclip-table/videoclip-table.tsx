// A page of video clips (VIDEO_CLIPS_PAGE_SIZE rows): preview, name (a link to the clip), product,
// advertiser, duration (m:ss) and size. Its page and ordering are in the URL; the owner adds filters.
import { Anchor, Image, Text } from '@mantine/core';
import { VIDEO_CLIPS_PAGE_SIZE } from '@marquee/contracts/constants';
import { formatFileSize } from '@marquee/contracts/files';
import type { Videoclip } from '@marquee/contracts/videoclips';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { videoPath } from '../../app/paths.ts';
import type { QueryParams } from '../../lib/api-client.ts';
import { DataTable, type DataColumn } from '../data-table/data-table.tsx';
import { useListState, type ListState } from '../data-table/use-list-state.ts';
import { formatDuration } from '../video-player/format-duration.ts';
import { useVideoclipBulk } from './videoclip-bulk.tsx';
import { useVideoclips } from './use-videoclips.ts';

export const VIDEOCLIPS_ORDERING = 'name';

type Column = 'product' | 'advertiser';

export type VideoclipTableProps = {
  /** Accessible name of the table. */
  label: string;
  /** Filters that are not in the URL, e.g. `{ product__advertiser: 5 }`. */
  filters?: QueryParams;
  /** The table's URL state; the owner's filter inputs write its filters (see `useVideoclipListState`). */
  state?: ListState;
  /** Columns to leave out (the advertiser's own clips need no advertiser column). */
  hide?: readonly Column[];
  emptyText?: string;
  /** Tick boxes and bulk Disable / Enable (the video clip list). */
  bulk?: boolean;
};

function clipColumns(hide: readonly Column[]): DataColumn<Videoclip>[] {
  const columns: (DataColumn<Videoclip> & { key?: Column })[] = [
    {
      id: 'preview',
      header: 'Preview',
      width: 120,
      phone: 'hide',
      cell: (clip) => (
        <Image
          src={clip.video_thumb.preview}
          alt={`Preview of ${clip.name}`}
          w={96}
          h={54}
          fit="cover"
          radius="sm"
          fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        />
      ),
    },
    {
      id: 'name',
      header: 'Name',
      sortField: 'name',
      phone: 'title',
      cell: (clip) => (
        <Anchor component={Link} to={videoPath(clip.id)} onClick={(event) => event.stopPropagation()} fw={600}>
          {clip.name}
        </Anchor>
      ),
    },
    { id: 'product', key: 'product', header: 'Product', cell: (clip) => clip.product_data.name },
    { id: 'advertiser', key: 'advertiser', header: 'Advertiser', cell: (clip) => clip.product_data.advertiser_name },
    {
      id: 'duration',
      header: 'Duration',
      sortField: 'duration',
      width: 110,
      cell: (clip) => <Text size="sm">{formatDuration(clip.duration)}</Text>,
    },
    {
      id: 'size',
      header: 'Size',
      sortField: 'size',
      width: 110,
      cell: (clip) => <Text size="sm">{formatFileSize(clip.size)}</Text>,
    },
  ];
  return columns.filter((column) => !column.key || !hide.includes(column.key));
}

const NONE: readonly never[] = [];

/** Page, ordering and the named filters of a clip table, in the URL. */
export const useVideoclipListState = (urlFilters: readonly string[] = NONE) =>
  useListState({
    ordering: VIDEOCLIPS_ORDERING,
    pageSize: VIDEO_CLIPS_PAGE_SIZE,
    pageSizes: null,
    filters: urlFilters,
  });

export function VideoclipTable({
  label,
  filters,
  state: ownerState,
  hide = NONE,
  emptyText = 'No video clips.',
  bulk = false,
}: VideoclipTableProps) {
  const navigate = useNavigate();
  const ownState = useVideoclipListState();
  const state = ownerState ?? ownState;
  const filterKey = JSON.stringify(filters ?? {});
  const params = useMemo<QueryParams>(
    () => ({ ...state.query, ...(JSON.parse(filterKey) as QueryParams) }),
    [state.query, filterKey],
  );
  const clips = useVideoclips(params);
  const hideKey = hide.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the hidden columns by value
  const columns = useMemo(() => clipColumns(hide), [hideKey]);
  const clipBulk = useVideoclipBulk({
    enabled: bulk,
    disabledList: params.is_active === false,
    data: clips.data,
    columns,
    resetKey: JSON.stringify(params),
  });

  return (
    <>
      {clipBulk.toolbar}
      <DataTable
        label={label}
        columns={clipBulk.columns}
        state={state}
        data={clips.data}
        loading={clips.isPending}
        fetching={clips.isFetching}
        pageSizes={null}
        getRowId={(clip) => String(clip.id)}
        onRowClick={(clip) => void navigate(videoPath(clip.id))}
        emptyText={emptyText}
        minWidth={hide.length ? 560 : 760}
      />
    </>
  );
}

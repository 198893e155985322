// GET /api/advertisers/ page by page for the browse list: ordered by name, active or disabled, search.
import type { Advertiser } from '@marquee/contracts/advertisers';
import { useBrowseList } from '../../../components/browse-list/use-browse-list.ts';

export const ADVERTISERS_ORDERING = 'name';

export const useAdvertisersBrowseList = () =>
  useBrowseList<Advertiser>({ resource: 'advertisers', ordering: ADVERTISERS_ORDERING });

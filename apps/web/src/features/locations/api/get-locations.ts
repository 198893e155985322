// GET /api/locations/ page by page for the browse list: ordered by name, active or disabled, search.
import type { Location } from '@marquee/contracts/locations';
import { useBrowseList } from '../../../components/browse-list/use-browse-list.ts';

export const LOCATIONS_ORDERING = 'name';

export const useLocationsBrowseList = () =>
  useBrowseList<Location>({ resource: 'locations', ordering: LOCATIONS_ORDERING });

// GET /api/products/ page by page for the browse list: ordered by name, active or disabled, search,
// and the advertiser chosen in the URL (`advertiser`).
import type { Product } from '@marquee/contracts/advertisers';
import { useBrowseList } from '../../../components/browse-list/use-browse-list.ts';

export const PRODUCTS_ORDERING = 'name';

export const useProductsBrowseList = (advertiser: number | undefined) =>
  useBrowseList<Product>({ resource: 'products', ordering: PRODUCTS_ORDERING, filters: { advertiser } });

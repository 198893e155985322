// GET /api/users/ page by page for the browse list: ordered by username, active or disabled, search.
import type { User } from '@marquee/contracts/users';
import { useBrowseList } from '../../../components/browse-list/use-browse-list.ts';

export const USERS_ORDERING = 'username';

export const useUsersBrowseList = () => useBrowseList<User>({ resource: 'users', ordering: USERS_ORDERING });

// The user's picture: one image per account; the user themselves, or whoever may change the user and
// outranks the account (as for every other change of a stronger account).
import { resources } from '@marquee/contracts/resources';
import type { User } from '@marquee/contracts/users';
import type { ImageOwner } from '../../media/images.service.ts';
import { usersRepository } from './users.repository.ts';

export const userImages: ImageOwner<User> = {
  definition: resources.users,
  maxImages: 1,
  load: (db, id) => usersRepository.get(db, id),
  repr: (user) => user.username,
  ownerMayChange: (auth, object) => object.id === auth.user.id,
  requireChange: (access, auth, user) => access.requireOutranks(auth, user),
};

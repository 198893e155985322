// The user's picture: one image per account; whoever may change the user, or the user themselves.
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
};

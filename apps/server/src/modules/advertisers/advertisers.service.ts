// Advertisers: the generic list/get/create/update/disable/enable plus delete, with known users as
// managers, the creator managing what they create, a unique slug from the name, and the pictures
// removed with it.
import type { Advertiser, AdvertiserInput } from '@marquee/contracts/advertisers';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter, withLink } from '../../access/rules.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { ADVERTISER_MODEL as model, advertisersRepository, type AdvertiserFilters } from './advertisers.repository.ts';
import { existingUserIds, userRefs } from '../catalogue-rows.ts';

export type AdvertisersDeps = { db: Database; access: Access; storage: MediaStorage };

export function createAdvertisersService({ db, access, storage }: AdvertisersDeps) {
  const crud = createCrudService<Advertiser, AdvertiserInput, AdvertiserFilters>(db, access, {
    definition: resources.advertisers,
    repository: advertisersRepository,
    ordering: {
      fields: {
        name: 'advertisers.name',
        sys_id: 'advertisers.sys_id',
        slug: 'advertisers.slug',
        id: 'advertisers.id',
      },
      default: 'name',
      id: 'advertisers.id',
    },
    repr: (advertiser) => advertiser.name,
    rowPermissions: true,
    restrict: advertiserFilter,
    storage,
    inUse: (trx, advertiser) => advertisersRepository.hasProducts(trx, advertiser.id),
    async validate(trx, input) {
      if (!input.managers?.length) return undefined;
      const known = await existingUserIds(trx, input.managers);
      return known.size === new Set(input.managers).size ? undefined : { managers: [details.unknownUsers] };
    },
  });

  /** The advertiser, when the user may view it. */
  async function viewable(auth: Auth, id: number) {
    access.require(auth, `view_${model}`);
    const advertiser = await crud.loadVisible(auth, id);
    access.require(auth, `view_${model}`, { model, value: advertiser });
    return advertiser;
  }

  return {
    ...crud,

    /** The detail adds the managers' names. */
    async get(auth: Auth, id: number) {
      const advertiser = await crud.get(auth, id);
      return { ...advertiser, managers_data: await userRefs(db, advertiser.managers) };
    },

    /** Whoever creates an advertiser manages it, unless they may change every advertiser anyway. */
    async create(auth: Auth, input: AdvertiserInput) {
      const managers = auth.links.allAdvertisers ? input.managers : [...(input.managers ?? []), auth.user.id];
      const created = await crud.create(auth, { ...input, ...(managers ? { managers } : {}) });
      return crud.withPermissions(withLink(auth, 'advertiser', created.id), created);
    },

    async canChange(auth: Auth, id: number) {
      const advertiser = await viewable(auth, id);
      return { can_change: access.objectPermissions(auth, model, advertiser).includes(`change_${model}`) };
    },
  };
}

export type AdvertisersService = ReturnType<typeof createAdvertisersService>;

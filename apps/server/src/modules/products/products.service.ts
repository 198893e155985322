// Products: the generic list/get/create/update/disable/enable plus delete. A product belongs to an
// advertiser the user manages (both the old and the new one when it moves), has a unique slug from
// its name, and cannot be deleted while it has clips.
import type { Product, ProductInput } from '@marquee/contracts/advertisers';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter } from '../../access/rules.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import { fieldError } from '../../http/errors.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { advertisersRepository } from '../advertisers/advertisers.repository.ts';
import { PRODUCT_MODEL as model, productsRepository, type ProductFilters } from './products.repository.ts';

export type ProductsDeps = { db: Database; access: Access; storage: MediaStorage };

const unknownAdvertiser = () => fieldError('advertiser', details.unknownAdvertiser);

export function createProductsService({ db, access, storage }: ProductsDeps) {
  const crud = createCrudService<Product, ProductInput, ProductFilters>(db, access, {
    definition: resources.products,
    repository: productsRepository,
    ordering: {
      fields: {
        name: 'products.name',
        sys_id: 'products.sys_id',
        slug: 'products.slug',
        id: 'products.id',
        advertiser__name: 'advertisers.name',
      },
      default: 'name',
      id: 'products.id',
    },
    repr: (product) => product.name,
    rowPermissions: true,
    restrict: advertiserFilter,
    storage,
    inUse: (trx, product) => productsRepository.hasClips(trx, product.id),
    async validate(trx, input) {
      if (input.advertiser === undefined || (await advertisersRepository.exists(trx, input.advertiser)))
        return undefined;
      return { advertiser: [details.unknownAdvertiser] };
    },
  });

  /** The advertiser must exist (400) and be one the user manages (403). */
  async function requireAdvertiser(auth: Auth, advertiserId: number) {
    if (!(await advertisersRepository.exists(db, advertiserId))) throw unknownAdvertiser();
    access.requireLink(auth, 'advertiser', advertiserId);
  }

  return {
    ...crud,

    async create(auth: Auth, input: ProductInput) {
      access.require(auth, `add_${model}`);
      await requireAdvertiser(auth, input.advertiser);
      return crud.create(auth, input);
    },

    /** Moving a product to another advertiser needs the link to both. */
    async update(auth: Auth, id: number, input: Partial<ProductInput>) {
      access.require(auth, `change_${model}`);
      const current = await crud.loadVisible(auth, id);
      access.require(auth, `change_${model}`, { model, value: current });
      if (input.advertiser !== undefined && input.advertiser !== current.advertiser) {
        await requireAdvertiser(auth, input.advertiser);
      }
      return crud.update(auth, id, input);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

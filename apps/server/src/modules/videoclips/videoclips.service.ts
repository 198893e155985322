// Video clips: the generic list/get/create/update/disable/enable/delete. A clip's product must belong
// to an advertiser the user manages; its video must have been uploaded, by the user or for a clip they
// may view. A video no clip uses any more is removed with the clip that used it last.
import type { ListQuery } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import type { Videoclip, VideoclipInput } from '@marquee/contracts/videoclips';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter, mayUseVideo } from '../../access/rules.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import { badRequest } from '../../http/errors.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { videosRepository } from '../../media/videos.repository.ts';
import { disablingBooked } from '../locations/disable-booked.ts';
import { productsRepository } from '../products/products.repository.ts';
import { VIDEOCLIP_MODEL as model, videoclipsRepository, type VideoclipFilters } from './videoclips.repository.ts';

export type VideoclipsDeps = {
  db: Database;
  access: Access;
  storage: MediaStorage;
  now: () => Date;
  /** TIME_ZONE: campaigns ending before today there no longer play the clip. */
  timeZone: string;
};

/** Field errors for a product or video that does not exist; the product's advertiser when it does. */
async function references(db: Database, input: Partial<VideoclipInput>) {
  const errors: Record<string, string[]> = {};
  const advertiser = input.product === undefined ? undefined : await productsRepository.advertiserOf(db, input.product);
  if (input.product !== undefined && advertiser === undefined) errors.product = [details.unknownProduct];
  if (input.video !== undefined && !(await videosRepository.exists(db, input.video))) {
    errors.video = [details.unknownVideo];
  }
  return { errors, advertiser };
}

export function createVideoclipsService({ db, access, storage, now, timeZone }: VideoclipsDeps) {
  const crud = createCrudService<Videoclip, VideoclipInput, VideoclipFilters>(db, access, {
    definition: resources.videoclips,
    repository: videoclipsRepository,
    ordering: {
      fields: {
        name: 'videoclips.name',
        sys_id: 'videoclips.sys_id',
        id: 'videoclips.id',
        duration: 'videos.duration',
        size: 'videos.size',
      },
      default: 'name',
      id: 'videoclips.id',
    },
    repr: (clip) => clip.name,
    rowPermissions: true,
    restrict: advertiserFilter,
    storage,
    // Campaigns keep the clips they play (disable a clip instead).
    inUse: async (trx, clip) =>
      (await trx
        .selectFrom('campaigns')
        .select('id')
        .where('videoclip_id', '=', clip.id)
        .limit(1)
        .executeTakeFirst()) !== undefined,
    async validate(trx, input) {
      return (await references(trx, input)).errors;
    },
  });

  /** Whether the user may make a clip of the video; one they may not use is, to them, unknown. */
  async function usable(auth: Auth, video: number) {
    const facts = await videosRepository.facts(db, video);
    return facts !== undefined && mayUseVideo(auth, facts);
  }

  /** 400 for unknown references (a video the user may not use counts as unknown, so ids reveal
   * nothing); 403 unless the user manages the (new) product's advertiser. */
  async function checkReferences(auth: Auth, input: Partial<VideoclipInput>, current?: Videoclip) {
    const { errors, advertiser } = await references(db, input);
    const newVideo = input.video !== undefined && input.video !== current?.video ? input.video : undefined;
    if (newVideo !== undefined && !errors.video && !(await usable(auth, newVideo))) {
      errors.video = [details.unknownVideo];
    }
    if (Object.keys(errors).length) throw badRequest(errors);
    if (advertiser !== undefined && advertiser !== current?.product_data.advertiser)
      access.requireLink(auth, 'advertiser', advertiser);
  }

  const activeState = disablingBooked({ access, model, setActive: crud.setActive, now, timeZone });

  return {
    ...crud,

    /** `can_use_in_campaign=true` keeps clips of the advertisers the user may use. */
    list(auth: Auth, query: ListQuery & VideoclipFilters & { can_use_in_campaign?: boolean }, url: string) {
      const { can_use_in_campaign, ...rest } = query;
      if (!can_use_in_campaign || auth.superuser || auth.links.allAdvertisers) return crud.list(auth, rest, url);
      return crud.list(auth, { ...rest, advertisers: [...auth.links.advertisers].sort((a, b) => a - b) }, url);
    },

    async create(auth: Auth, input: VideoclipInput) {
      access.require(auth, `add_${model}`);
      await checkReferences(auth, input);
      return crud.create(auth, input);
    },

    async update(auth: Auth, id: number, input: Partial<VideoclipInput>) {
      access.require(auth, `change_${model}`);
      const current = await crud.loadVisible(auth, id);
      access.require(auth, `change_${model}`, { model, value: current });
      await checkReferences(auth, input, current);
      return crud.update(auth, id, input);
    },

    /** Disabling a clip booked campaigns still play takes what they play: refused naming them (`disable`
     * may override, logged). */
    setActive: activeState.setActive,
    disable: activeState.disable,
  };
}

export type VideoclipsService = ReturnType<typeof createVideoclipsService>;

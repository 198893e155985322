// Images of one resource's objects: upload (checked, re-encoded, stored), list, activate, delete,
// each write logged on the object. The resource says who may change an object's images.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { imageTexts, type Image } from '@marquee/contracts/images';
import type { ResourceDefinition } from '@marquee/contracts/resources';
import type { Access, Auth } from '../access/access.ts';
import { writeLogEntry } from '../audit/audit.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { processImage } from './images.ts';
import { imagesRepository as repo, present, type ObjectRef } from './images.repository.ts';
import { newStorageKey, type MediaStorage } from './storage.ts';

export type ImageOwner<T extends { id: number }> = {
  definition: ResourceDefinition;
  /** Most images one object may have. */
  maxImages: number;
  /** The object (for access rules and the log's repr), or undefined when there is none. */
  load(db: Database, id: number): Promise<T | undefined>;
  repr(object: T): string;
  /** Whether the user may change this object's images beyond the change permission (e.g. their own account). */
  ownerMayChange?(auth: Auth, object: T): boolean;
  /** A further check when someone other than the owner changes the images (e.g. a user's picture needs
   * outranking the account); throws to refuse. */
  requireChange?(access: Access, auth: Auth, object: T): Promise<void>;
};

export type ImagesDeps = { db: Database; access: Access; storage: MediaStorage; limits: Config['media'] };

export type ImagesService = {
  list(auth: Auth, objectId: number): Promise<{ results: Image[] }>;
  add(auth: Auth, objectId: number, read: () => Promise<Buffer>): Promise<Image>;
  activate(auth: Auth, objectId: number, imageId: number): Promise<Image>;
  remove(auth: Auth, objectId: number, imageId: number): Promise<void>;
};

export function createImagesService<T extends { id: number }>(
  { db, access, storage, limits }: ImagesDeps,
  owner: ImageOwner<T>,
): ImagesService {
  const model = owner.definition.model_name;
  const ref = (objectId: number): ObjectRef => ({ model, objectId });
  /** One write at a time per object, so the count limit and the one active image hold under races. */
  const lockObject = (trx: Database, objectId: number) => repo.lockObject(trx, ref(objectId));

  /** The object the images belong to; 404 when there is none or the user may not know of it. */
  async function loadObject(auth: Auth, id: number) {
    const object = await owner.load(db, id);
    if (!object) throw notFound();
    access.requireVisible(auth, model, object);
    return object;
  }

  async function requireChange(auth: Auth, objectId: number) {
    const object = await loadObject(auth, objectId);
    if (!owner.ownerMayChange?.(auth, object)) {
      access.require(auth, `change_${model}`, { model, value: object });
      await owner.requireChange?.(access, auth, object);
    }
    return object;
  }

  async function imageOf(database: Database, objectId: number, imageId: number) {
    const row = await repo.get(database, imageId);
    if (!row || row.model !== model || row.object_id !== objectId) throw notFound();
    return row;
  }

  const log = (trx: Database, auth: Auth, object: T, changeMessage: string) =>
    writeLogEntry(trx, {
      userId: auth.user.id,
      model,
      objectId: object.id,
      objectRepr: owner.repr(object),
      actionFlag: ActionFlag.Change,
      changeMessage,
    });

  const noMoreImages = () => fieldError('image', imageTexts.noMoreImages);

  return {
    async list(auth: Auth, objectId: number): Promise<{ results: Image[] }> {
      const object = await loadObject(auth, objectId);
      if (!owner.ownerMayChange?.(auth, object)) access.require(auth, `view_${model}`, { model, value: object });
      return { results: (await repo.list(db, ref(objectId))).map(present) };
    },

    /** `read` gives the uploaded bytes; it is called only after the access and count checks. */
    async add(auth: Auth, objectId: number, read: () => Promise<Buffer>): Promise<Image> {
      const object = await requireChange(auth, objectId);
      if ((await repo.count(db, ref(objectId))) >= owner.maxImages) throw noMoreImages();
      const image = await processImage(await read(), limits);
      const key = newStorageKey('images', image.extension);
      await storage.put(key, image.data, image.contentType);
      try {
        const id = await db.transaction().execute(async (trx) => {
          await lockObject(trx, objectId);
          const existing = await repo.list(trx, ref(objectId));
          if (existing.length >= owner.maxImages) throw noMoreImages();
          const newId = await repo.insert(trx, {
            model,
            object_id: objectId,
            storage_key: key,
            content_type: image.contentType,
            width: image.width,
            height: image.height,
            size: image.data.length,
            is_active: !existing.some((i) => i.is_active),
          });
          await log(trx, auth, object, 'Image added.');
          return newId;
        });
        return present((await repo.get(db, id))!);
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
    },

    async activate(auth: Auth, objectId: number, imageId: number): Promise<Image> {
      const object = await requireChange(auth, objectId);
      await db.transaction().execute(async (trx) => {
        await lockObject(trx, objectId);
        await imageOf(trx, objectId, imageId);
        await repo.activate(trx, ref(objectId), imageId);
        await log(trx, auth, object, 'Active image changed.');
      });
      return present((await repo.get(db, imageId))!);
    },

    /** Removes the image; when it was the active one, the newest remaining image becomes active. */
    async remove(auth: Auth, objectId: number, imageId: number): Promise<void> {
      const object = await requireChange(auth, objectId);
      const removed = await db.transaction().execute(async (trx) => {
        await lockObject(trx, objectId);
        const row = await imageOf(trx, objectId, imageId);
        await repo.remove(trx, imageId);
        if (row.is_active) {
          const [newest] = await repo.list(trx, ref(objectId));
          if (newest) await repo.activate(trx, ref(objectId), newest.id);
        }
        await log(trx, auth, object, 'Image removed.');
        return row;
      });
      await storage.remove(removed.storage_key);
    },
  };
}

/** The stored bytes of an image, for whoever may see the object it belongs to (404 for others). */
export function createMediaService({ db, access, storage }: { db: Database; access: Access; storage: MediaStorage }) {
  return {
    async image(auth: Auth, id: number) {
      const facts = await repo.facts(db, id);
      if (!facts) throw notFound();
      access.requireImage(auth, facts);
      const row = await repo.get(db, id);
      const file = row ? await storage.read(row.storage_key) : null;
      if (!row || !file) throw notFound();
      return { ...file, contentType: row.content_type };
    },
  };
}

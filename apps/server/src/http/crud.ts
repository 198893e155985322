// The generic resource machinery of spec §7: one service and one set of routes per resource.
// list (page, page_size with 0 = all, ordering, is_active, filters) → {count, next, previous,
// results, _permissions}; get/create/PUT/PATCH/delete/deactivate with access checks, transactions
// and an audit log entry for every write.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  detailError,
  idParam,
  paged,
  parseOrdering,
  validationError,
  type ListQuery,
  type Paged,
  type ValidationErrorBody,
} from '@marquee/contracts/common';
import { details } from '@marquee/contracts/texts';
import type { ResourceDefinition } from '@marquee/contracts/resources';
import type { Access, Auth } from '../access/access.ts';
import { writeLogEntry } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import type { MediaStorage } from '../media/storage.ts';
import { registerBulkAction } from './bulk.ts';
import { cachedCount, invalidateCounts } from './count-cache.ts';
import { badRequest, notFound } from './errors.ts';
import { pageSizeOf } from './paging.ts';
import { requireAuth } from './session.ts';

export type OrderBy = { column: string; desc: boolean }[];

export type ListOptions<Filters> = { filters: Filters; orderBy: OrderBy; limit: number | null; offset: number };

/** Everything SQL about one resource. `Item` is the object as the API shows it (without _permissions). */
export type CrudRepository<Item extends { id: number }, Input, Filters> = {
  list(db: Database, options: ListOptions<Filters>): Promise<Item[]>;
  count(db: Database, filters: Filters): Promise<number>;
  get(db: Database, id: number): Promise<Item | undefined>;
  create?(db: Database, input: Input): Promise<number>;
  update?(db: Database, id: number, input: Partial<Input>): Promise<void>;
  /** Deletes the object; may give storage keys of its files, removed once the deletion is committed. */
  remove?(db: Database, id: number): Promise<void | string[]>;
  setActive?(db: Database, id: number, active: boolean): Promise<void>;
};

/** `deactivate` disables an object (POST {id}/deactivate/); `enable` re-enables it (POST {id}/enable/). */
export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete' | 'deactivate' | 'enable';

export type CrudConfig<Item extends { id: number }, Input, Filters> = {
  definition: ResourceDefinition;
  repository: CrudRepository<Item, Input, Filters>;
  /** API ordering field → SQL column. The id is always the last tie-breaker. */
  ordering: { fields: Record<string, string>; default: string; id: string };
  /** Rows are only ever added (the audit log): `page_size=0` is the largest page, not every row. */
  appendOnly?: boolean;
  repr(item: Item): string;
  /** Field errors beyond the schema (uniqueness, references); `existing` is set on update. */
  validate?(db: Database, input: Partial<Input>, existing?: Item): Promise<ValidationErrorBody | undefined>;
  /** Rows that belong to the signed-in user (e.g. their messages): when given, a list needs no
   * model permission and always carries these filters. */
  scope?(auth: Auth): Partial<Filters>;
  /** Rows the user may see at all (advertiser isolation): merged into every list's filters, beside the
   * permission check; single objects the user may not see answer 404 (the model's `visible` rule). */
  restrict?(auth: Auth): Partial<Filters>;
  /** Objects still referenced elsewhere cannot be deleted (400 `inUse`: disable them instead). */
  inUse?(db: Database, item: Item): Promise<boolean>;
  /** Where the files `repository.remove` names live. */
  storage?: MediaStorage;
  /** List rows carry their own `_permissions` (when object rules make them differ per row). */
  rowPermissions?: boolean;
  /** Whoever may list the model may get one object (the object rules grant `view` on it). */
  listMayView?: boolean;
  /** Normalises input before it is stored (e.g. drops implied permissions). */
  prepare?(db: Database, input: Partial<Input>): Promise<Partial<Input>>;
};

export type CrudService<Item extends { id: number }, Input, Filters> = ReturnType<
  typeof createCrudService<Item, Input, Filters>
>;

export function createCrudService<Item extends { id: number }, Input, Filters>(
  db: Database,
  access: Access,
  config: CrudConfig<Item, Input, Filters>,
) {
  const { repository: repo, definition } = config;
  const model = definition.model_name;
  const perm = (action: string) => `${action}_${model}`;
  /** Runs a write in a transaction; cached counts are dropped again after the commit. */
  async function write<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } finally {
      invalidateCounts(model);
      invalidateCounts('logentry');
    }
  }

  function orderBy(ordering: string | undefined): OrderBy {
    const parsed = parseOrdering(ordering ?? config.ordering.default);
    const result: OrderBy = [];
    for (const { field, desc } of parsed) {
      // Own fields only: `constructor` or `__proto__` are not columns.
      const column = Object.hasOwn(config.ordering.fields, field) ? config.ordering.fields[field] : undefined;
      if (!column) throw badRequest({ ordering: [details.invalidOrdering(field)] });
      result.push({ column, desc });
    }
    const last = result.at(-1);
    if (!result.some((o) => o.column === config.ordering.id)) {
      result.push({ column: config.ordering.id, desc: last?.desc ?? false });
    }
    return result;
  }

  async function loadOr404(id: number, database: Database = db): Promise<Item> {
    const item = await repo.get(database, id);
    if (!item) throw notFound();
    return item;
  }

  /** The object if it exists and the user may see it; 404 otherwise (as if it did not exist). */
  async function loadVisible(auth: Auth, id: number): Promise<Item> {
    const item = await loadOr404(id);
    access.requireVisible(auth, model, item);
    return item;
  }

  async function checked(database: Database, input: Partial<Input>, existing?: Item) {
    const errors = await config.validate?.(database, input, existing);
    if (errors && Object.keys(errors).length) throw badRequest(errors);
    return config.prepare ? config.prepare(database, input) : input;
  }

  const withPermissions = (auth: Auth, item: Item) => ({
    ...item,
    _permissions: access.objectPermissions(auth, model, item),
  });

  return {
    model,
    rowPermissions: config.rowPermissions ?? false,
    withPermissions,
    loadOr404,
    loadVisible,
    write,

    async list(auth: Auth, query: ListQuery & Filters, url: string): Promise<Paged<Item>> {
      if (!config.scope) access.require(auth, perm('list'));
      const { page = 1, page_size, ordering, ...requested } = query;
      const filters = { ...requested, ...config.scope?.(auth), ...config.restrict?.(auth) };
      const size = pageSizeOf(page_size, { appendOnly: config.appendOnly });
      const order = orderBy(ordering);
      const [results, count] = await Promise.all([
        repo.list(db, {
          filters: filters as Filters,
          orderBy: order,
          limit: size,
          offset: size === null ? 0 : (page - 1) * size,
        }),
        cachedCount(model, filters, () => repo.count(db, filters as Filters)),
      ]);
      const pageUrl = (p: number) => {
        const u = new URL(url, 'http://x');
        u.searchParams.set('page', String(p));
        return `${u.pathname}${u.search}`;
      };
      const hasNext = size !== null && page * size < count;
      return {
        count,
        next: hasNext ? pageUrl(page + 1) : null,
        previous: size !== null && page > 1 ? pageUrl(page - 1) : null,
        results: config.rowPermissions ? results.map((item) => withPermissions(auth, item)) : results,
        _permissions: access.modelPermissions(auth, model),
      };
    },

    async get(auth: Auth, id: number) {
      access.require(auth, config.listMayView && !auth.permissions.has(perm('view')) ? perm('list') : perm('view'));
      const item = await loadVisible(auth, id);
      access.require(auth, perm('view'), { model, value: item });
      return withPermissions(auth, item);
    },

    async create(auth: Auth, input: Input) {
      access.require(auth, perm('add'));
      const id = await write(async (trx) => {
        const prepared = (await checked(trx, input)) as Input;
        const newId = await repo.create!(trx, prepared);
        const after = await loadOr404(newId, trx);
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: newId,
          objectRepr: config.repr(after),
          actionFlag: ActionFlag.Addition,
          after,
        });
        return newId;
      });
      return withPermissions(auth, await loadOr404(id));
    },

    /** `checkAfter` runs in the write's transaction once the row is changed (a refusal rolls it back). */
    async update(
      auth: Auth,
      id: number,
      input: Partial<Input>,
      { checkAfter }: { checkAfter?: (trx: Database, before: Item, after: Item) => Promise<void> } = {},
    ) {
      access.require(auth, perm('change'));
      const current = await loadVisible(auth, id);
      access.require(auth, perm('change'), { model, value: current });
      await write(async (trx) => {
        const before = await loadOr404(id, trx);
        const prepared = await checked(trx, input, before);
        await repo.update!(trx, id, prepared);
        const after = await loadOr404(id, trx);
        await checkAfter?.(trx, before, after);
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: config.repr(after),
          actionFlag: ActionFlag.Change,
          before,
          after,
        });
      });
      return withPermissions(auth, await loadOr404(id));
    },

    async remove(auth: Auth, id: number) {
      access.require(auth, perm('delete'));
      const current = await loadVisible(auth, id);
      access.require(auth, perm('delete'), { model, value: current });
      const files = await write(async (trx) => {
        const before = await loadOr404(id, trx);
        if (await config.inUse?.(trx, before)) throw badRequest({ non_field_errors: [details.inUse] });
        const keys = await repo.remove!(trx, id);
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: config.repr(before),
          actionFlag: ActionFlag.Deletion,
          before,
        });
        return keys ?? [];
      });
      // Files go only after the rows are gone for good; a failure leaves a stray file, never a broken row.
      for (const key of files) await config.storage?.remove(key);
    },

    /** `checkAfter` as for `update`: in the write's transaction once the row is changed. */
    async setActive(
      auth: Auth,
      id: number,
      active: boolean,
      { checkAfter }: { checkAfter?: (trx: Database, before: Item, after: Item) => Promise<void> } = {},
    ) {
      access.require(auth, perm('change'));
      const current = await loadVisible(auth, id);
      access.require(auth, perm('change'), { model, value: current });
      await write(async (trx) => {
        const before = await loadOr404(id, trx);
        await repo.setActive!(trx, id, active);
        const after = await loadOr404(id, trx);
        await checkAfter?.(trx, before, after);
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: config.repr(after),
          actionFlag: ActionFlag.Change,
          changeMessage: active ? 'Enabled.' : 'Disabled.',
          before,
          after,
        });
      });
      return withPermissions(auth, await loadOr404(id));
    },
  };
}

type RouteSchemas = {
  item: z.ZodType;
  /** Detail shape when it has more than a list row. */
  detail?: z.ZodType;
  query: z.ZodObject;
  input?: z.ZodObject;
  tag: string;
  /** The 400 body of create and update when it carries more than field messages. */
  badRequest?: z.ZodType;
};

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

/** Registers the routes of `operations` for a resource at its registry endpoint. */
export function registerCrudRoutes<Item extends { id: number }, Input, Filters>(
  app: FastifyInstance,
  service: CrudService<Item, Input, Filters>,
  definition: ResourceDefinition,
  schemas: RouteSchemas,
  operations: Operation[],
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = definition.endpoint;
  const detail = `${base}:id/`;
  const withPermissions = (item: z.ZodType) => z.intersection(item, z.object({ _permissions: z.array(z.string()) }));
  const itemOut = withPermissions(schemas.item);
  const detailOut = withPermissions(schemas.detail ?? schemas.item);
  const tags = [schemas.tag];
  const auth = (req: FastifyRequest) => requireAuth(req);
  const writeErrors = schemas.badRequest ? { ...errors, 400: schemas.badRequest } : errors;

  if (operations.includes('list')) {
    r.get(
      base,
      {
        schema: {
          tags,
          querystring: schemas.query,
          response: { 200: paged(service.rowPermissions ? itemOut : schemas.item), ...errors },
        },
      },
      (req) => service.list(auth(req), req.query as ListQuery & Filters, req.url),
    );
  }
  if (operations.includes('get')) {
    r.get(detail, { schema: { tags, params: idParam, response: { 200: detailOut, ...errors } } }, (req) =>
      service.get(auth(req), req.params.id),
    );
  }
  if (operations.includes('create') && schemas.input) {
    r.post(
      base,
      { schema: { tags, body: schemas.input, response: { 201: itemOut, ...writeErrors } } },
      async (req, reply) => reply.code(201).send(await service.create(auth(req), req.body as Input)),
    );
  }
  if (operations.includes('update') && schemas.input) {
    r.put(
      detail,
      { schema: { tags, params: idParam, body: schemas.input, response: { 200: itemOut, ...writeErrors } } },
      (req) => service.update(auth(req), req.params.id, req.body as Input),
    );
    r.patch(
      detail,
      {
        schema: { tags, params: idParam, body: schemas.input.partial(), response: { 200: itemOut, ...writeErrors } },
      },
      (req) => service.update(auth(req), req.params.id, req.body as Partial<Input>),
    );
  }
  if (operations.includes('delete')) {
    r.delete(
      detail,
      { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await service.remove(auth(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  }
  if (operations.includes('deactivate')) {
    registerDeactivateRoutes(app, {
      endpoint: base,
      tag: schemas.tag,
      item: schemas.item,
      run: (a, id) => service.setActive(a, id, false),
    });
  }
  if (operations.includes('enable')) {
    r.post(`${detail}enable/`, { schema: { tags, params: idParam, response: { 200: itemOut, ...errors } } }, (req) =>
      service.setActive(auth(req), req.params.id, true),
    );
    registerBulkAction(app, {
      endpoint: base,
      tag: schemas.tag,
      action: 'enable',
      run: (a, id) => service.setActive(a, id, true),
    });
  }
}

/**
 * POST {id}/deactivate/ and its bulk form. `options` are the fields both take in their body (the bulk
 * form beside `ids`, the same for every row), e.g. `override_capacity` where disabling takes something
 * from booked campaigns.
 */
export function registerDeactivateRoutes<Shape extends z.ZodRawShape = Record<never, never>>(
  app: FastifyInstance,
  {
    endpoint,
    tag,
    item,
    options,
    run,
  }: {
    endpoint: string;
    tag: string;
    item: z.ZodType;
    options?: z.ZodObject<Shape>;
    /** The service's disable; gives the object with its `_permissions`. */
    run: (auth: Auth, id: number, options: Partial<z.infer<z.ZodObject<Shape>>>) => Promise<{ _permissions: string[] }>;
  },
) {
  const out = z.intersection(item, z.object({ _permissions: z.array(z.string()) }));
  app.withTypeProvider<ZodTypeProvider>().post(
    `${endpoint}:id/deactivate/`,
    {
      schema: {
        tags: [tag],
        params: idParam,
        ...(options ? { body: options.nullish() } : {}),
        response: { 200: out, ...errors },
      },
    },
    (req) => run(requireAuth(req), req.params.id, (req.body ?? {}) as Partial<z.infer<z.ZodObject<Shape>>>),
  );
  registerBulkAction(app, { endpoint, tag, action: 'deactivate', options, run });
}

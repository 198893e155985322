// The generic resource machinery on a stand-in resource with every operation, deactivate included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { createAccess, type Auth } from '../access/access.ts';
import { ensureAdmin } from '../db/bootstrap.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createCrudService, type CrudRepository } from './crud.ts';
import { HttpError } from './errors.ts';

type Widget = { id: number; name: string; is_active: boolean };
type WidgetInput = { name: string };
type WidgetFilters = { is_active?: boolean };

function memoryRepository(): CrudRepository<Widget, WidgetInput, WidgetFilters> {
  const rows = new Map<number, Widget>();
  let next = 1;
  const filtered = (f: WidgetFilters) =>
    [...rows.values()].filter((w) => f.is_active === undefined || w.is_active === f.is_active);
  return {
    async list(_db, { filters, orderBy, limit, offset }) {
      const sorted = filtered(filters).sort((a, b) => {
        for (const { column, desc } of orderBy) {
          const key = column as keyof Widget;
          if (a[key] !== b[key]) return (a[key] < b[key] ? -1 : 1) * (desc ? -1 : 1);
        }
        return 0;
      });
      return limit === null ? sorted : sorted.slice(offset, offset + limit);
    },
    count: async (_db, filters) => filtered(filters).length,
    get: async (_db, id) => (rows.has(id) ? { ...rows.get(id)! } : undefined),
    async create(_db, input) {
      const id = next++;
      rows.set(id, { id, name: input.name, is_active: true });
      return id;
    },
    async update(_db, id, input) {
      rows.set(id, { ...rows.get(id)!, ...input });
    },
    async remove(_db, id) {
      rows.delete(id);
    },
    async setActive(_db, id, active) {
      rows.set(id, { ...rows.get(id)!, is_active: active });
    },
  };
}

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(db);
  await ensureAdmin(db, 'crud-test-password');
});
afterAll(() => db.destroy());

const everything = ['add', 'view', 'list', 'change', 'delete'].map((a) => `${a}_widget`);
const authWith = (permissions: string[]): Auth => ({
  user: { id: 1, username: 'admin', full_name: '' },
  permissions: new Set(permissions),
  superuser: false,
  links: {
    locations: new Set(),
    campaignLocations: new Set(),
    advertisers: new Set(),
    allAdvertisers: false,
    viewAllAdvertisers: true,
  },
});

function service() {
  return createCrudService(db, createAccess(db), {
    definition: { endpoint: '/api/widgets/', model_name: 'widget' },
    repository: memoryRepository(),
    ordering: { fields: { name: 'name', id: 'id' }, default: 'name', id: 'id' },
    repr: (w) => w.name,
    async validate(_db, input) {
      return input.name === 'taken' ? { name: ['An object with this name already exists.'] } : undefined;
    },
  });
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
}

const lastEntry = () =>
  db
    .selectFrom('log_entries')
    .selectAll()
    .where('model', '=', 'widget')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('generic resource machinery', () => {
  it('pages, orders and links the next and previous pages', async () => {
    const s = service();
    const auth = authWith(everything);
    for (const name of ['c', 'a', 'b', 'e', 'd']) await s.create(auth, { name });
    const first = await s.list(auth, { page_size: 2 }, '/api/widgets/?page_size=2');
    expect(first.count).toBe(5);
    expect(first.results.map((w) => w.name)).toEqual(['a', 'b']);
    expect(first.next).toBe('/api/widgets/?page_size=2&page=2');
    expect(first.previous).toBeNull();
    expect(first._permissions).toEqual([...everything].sort());
    const last = await s.list(auth, { page_size: 2, page: 3, ordering: '-name' }, '/api/widgets/?page_size=2&page=3');
    expect(last.results.map((w) => w.name)).toEqual(['a']);
    expect(last.next).toBeNull();
    expect(last.previous).toBe('/api/widgets/?page_size=2&page=2');
    const all = await s.list(auth, { page_size: 0 }, '/api/widgets/?page_size=0');
    expect(all.results).toHaveLength(5);
    expect(all.next).toBeNull();
    expect(await statusOf(s.list(auth, { ordering: 'secret' }, '/api/widgets/'))).toBe(400);
  });

  it('writes a log entry for create, change, deactivate and delete', async () => {
    const s = service();
    const auth = authWith(everything);
    const created = await s.create(auth, { name: 'first' });
    let entry = await lastEntry();
    expect(entry).toMatchObject({
      action_flag: ActionFlag.Addition,
      object_id: String(created.id),
      object_repr: 'first',
    });
    expect(entry.after).toMatchObject({ name: 'first' });

    await s.update(auth, created.id, { name: 'renamed' });
    entry = await lastEntry();
    expect(entry).toMatchObject({
      action_flag: ActionFlag.Change,
      change_message: 'Changed name.',
      object_repr: 'renamed',
    });
    expect(entry.before).toMatchObject({ name: 'first' });
    expect(entry.after).toMatchObject({ name: 'renamed' });

    const disabled = await s.setActive(auth, created.id, false);
    expect(disabled.is_active).toBe(false);
    entry = await lastEntry();
    expect(entry).toMatchObject({ action_flag: ActionFlag.Change, change_message: 'Disabled.' });
    const active = await s.list(auth, { is_active: true }, '/api/widgets/');
    expect(active.results.find((w) => w.id === created.id)).toBeUndefined();

    await s.remove(auth, created.id);
    entry = await lastEntry();
    expect(entry).toMatchObject({ action_flag: ActionFlag.Deletion, object_repr: 'renamed' });
    expect(await statusOf(s.get(auth, created.id))).toBe(404);
  });

  it('answers 400 with the field errors of validation, and writes nothing', async () => {
    const s = service();
    const auth = authWith(everything);
    const before = await db
      .selectFrom('log_entries')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await statusOf(s.create(auth, { name: 'taken' }))).toBe(400);
    const after = await db.selectFrom('log_entries').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('requires the permission of each operation', async () => {
    const s = service();
    const created = await s.create(authWith(everything), { name: 'guarded' });
    const without = (missing: string) => authWith(everything.filter((p) => p !== missing));
    expect(await statusOf(s.list(without('list_widget'), {}, '/api/widgets/'))).toBe(403);
    expect(await statusOf(s.get(without('view_widget'), created.id))).toBe(403);
    expect(await statusOf(s.create(without('add_widget'), { name: 'x' }))).toBe(403);
    expect(await statusOf(s.update(without('change_widget'), created.id, { name: 'y' }))).toBe(403);
    expect(await statusOf(s.setActive(without('change_widget'), created.id, false))).toBe(403);
    expect(await statusOf(s.remove(without('delete_widget'), created.id))).toBe(403);
    expect((await s.get(authWith(everything), created.id)).name).toBe('guarded');
  });
});

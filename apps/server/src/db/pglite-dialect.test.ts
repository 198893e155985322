// The PGlite dialect's prepared statements: a statement seen twice is prepared, and from then on gives
// what PGlite's own query() gives for every kind of parameter, counts the rows it changed, survives a
// table that changed shape, and leaves one-off statements, DDL and transaction control alone.
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.ts';

let client: PGlite;
let db: Kysely<Record<string, never>>;

const prepared = async () =>
  (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

beforeAll(async () => {
  client = await PGlite.create('memory://');
  db = new Kysely({ dialect: new PGliteDialect(client) });
  await sql`create table things (id serial primary key, name text, at timestamptz, day date, tags int[],
    words text[], doc jsonb, data bytea, flag boolean, amount numeric)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
});

describe('PGlite prepared statements', () => {
  it('prepares a statement the second time it is run, not the first', async () => {
    const query = () => sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db);
    expect((await query()).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).not.toContainEqual(expect.stringContaining('::int + 1'));
    expect((await query()).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toContainEqual(expect.stringContaining('::int + 1'));
    expect((await query()).rows).toEqual([{ n: 42 }]);
  });

  it('gives every kind of parameter as PGlite binds it (quotes, nulls, dates, arrays, json, bytes)', async () => {
    const values = {
      name: `it's a "quote" \\ and a ; semicolon`,
      at: new Date('2026-03-29T01:30:00.000Z'),
      day: '2026-02-28',
      tags: [1, 2, 3],
      words: ['a,b', 'c"d', "e'f", 'NULL'],
      doc: JSON.stringify({ text: "o'clock", list: [1, null] }),
      data: new Uint8Array([0, 1, 254, 255]),
      flag: false,
      amount: 4.75,
    };
    const insert = (v: typeof values) =>
      sql<{ id: number }>`insert into things (name, at, day, tags, words, doc, data, flag, amount)
        values (${v.name}, ${v.at}, ${v.day}, ${v.tags}, ${v.words}, ${v.doc}, ${v.data}, ${v.flag}, ${v.amount})
        returning id`.execute(db);
    const read = (id: number) => sql<Record<string, unknown>>`select * from things where id = ${id}`.execute(db);
    // Once unprepared, twice prepared: the rows read back are the same.
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await insert(values)).rows[0]!.id);
    const rows = [];
    for (const id of ids) rows.push((await read(id)).rows[0]);
    expect(await prepared()).toContainEqual(expect.stringContaining('insert into things'));
    const { id: _, ...first } = rows[0]!;
    for (const row of rows) expect({ ...row, id: undefined }).toEqual({ ...first, id: undefined });
    expect(first).toMatchObject({
      name: values.name,
      at: values.at,
      tags: values.tags,
      words: values.words,
      doc: { text: "o'clock", list: [1, null] },
      flag: false,
      amount: '4.75', // numeric comes as text from PGlite, prepared or not
    });
    expect([...(first.data as Uint8Array)]).toEqual([0, 1, 254, 255]);
    const nulls = sql<{
      id: number;
    }>`insert into things (name, tags, doc) values (${null}, ${null}, ${null}) returning id`;
    for (let i = 0; i < 2; i++) {
      const { rows: made } = await nulls.execute(db);
      expect((await read(made[0]!.id)).rows[0]).toMatchObject({ name: null, tags: null, doc: null });
    }
  });

  it('counts the rows an update changed', async () => {
    for (let i = 0; i < 3; i++) {
      const result = await db
        .updateTable('things' as never)
        .set({ flag: true } as never)
        .where('amount' as never, '=', 4.75 as never)
        .executeTakeFirst();
      expect(Number(result.numUpdatedRows)).toBe(3);
    }
  });

  it('runs a statement again whose table gained a column since it was prepared', async () => {
    const query = () => sql<Record<string, unknown>>`select * from things order by id limit 1`.execute(db);
    await query();
    await query();
    await sql`alter table things add column extra int default 7`.execute(db);
    expect((await query()).rows[0]).toMatchObject({ extra: 7 });
    expect((await query()).rows[0]).toMatchObject({ extra: 7 });
  });

  it('keeps a transaction whole: a rollback undoes what prepared statements wrote', async () => {
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from things`.execute(db)).rows[0]!.n;
    const before = await count();
    await expect(
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++) await sql`insert into things (name) values (${`t${i}`})`.execute(trx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await count()).toBe(before);
  });

  it('leaves DDL, transaction control and any text with a semicolon unprepared', async () => {
    const before = (await prepared()).length;
    for (let i = 0; i < 2; i++) {
      await sql`create table if not exists other (id int)`.execute(db);
      await db.transaction().execute(async (trx) => sql`insert into other values (1)`.execute(trx).then(() => {}));
      expect((await sql.raw<{ s: string }>(`select ';' as s`).execute(db)).rows).toEqual([{ s: ';' }]);
    }
    const now = await prepared();
    expect(now.length).toBe(before + 1);
    expect(now).toContainEqual(expect.stringContaining('insert into other'));
  });
});

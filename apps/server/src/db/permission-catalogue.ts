// Brings the permissions tables in line with the contracts' catalogue. Idempotent: migrations that
// change the catalogue call it again.
import { sql, type Kysely } from 'kysely';
import { permissionCatalogue } from '@marquee/contracts/permissions';
import type { DB } from './schema.ts';

export async function syncPermissionCatalogue(anyDb: Kysely<unknown>): Promise<void> {
  const db = anyDb as Kysely<DB>;
  const catalogue = permissionCatalogue();
  await db
    .insertInto('permissions')
    .values(catalogue.map(({ codename, name, model }) => ({ codename, name, model })))
    .onConflict((oc) => oc.column('codename').doUpdateSet({ name: sql`excluded.name`, model: sql`excluded.model` }))
    .execute();
  const rows = await db.selectFrom('permissions').select(['id', 'codename']).execute();
  const ids = new Map(rows.map((r) => [r.codename, r.id]));
  const edges = catalogue.flatMap((p) =>
    p.dependent.map((dep) => {
      const permission_id = ids.get(p.codename);
      const dependent_id = ids.get(dep);
      if (!permission_id || !dependent_id) throw new Error(`Unknown permission in catalogue: ${dep}`);
      return { permission_id, dependent_id };
    }),
  );
  await db.deleteFrom('permission_dependencies').execute();
  if (edges.length) await db.insertInto('permission_dependencies').values(edges).execute();
}

// What Kysely's migrator asks of the database: which tables exist (its own two among them). Kysely's
// PostgreSQL introspector reads every column of every table of every schema, with name lookups that fail
// ('schema … does not exist') when another session drops a schema meanwhile, as test files on one
// database do when they finish while another starts. This one reads the tables of the current schema
// only (the one the migrations write to), by catalogue ids; the columns are left out: nothing asks for them.
import { sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: { withInternalKyselyTables?: boolean } = {}): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; is_view: boolean }>`
      select c.relname as name, ns.nspname as schema, c.relkind = 'v' as is_view
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(this.db);
    return rows
      .filter((r) => options.withInternalKyselyTables || !KYSELY_TABLES.includes(r.name))
      .map((r) => ({ name: r.name, schema: r.schema, isView: r.is_view, columns: [] }));
  }

  async getMetadata(options?: { withInternalKyselyTables?: boolean }) {
    return { tables: await this.getTables(options) };
  }
}

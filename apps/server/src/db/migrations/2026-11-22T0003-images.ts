// Images of any model (users now; locations, advertisers and products later): one row per stored
// file, found by (model, object_id); at most one active image per object.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table images (
      id serial primary key,
      model varchar(50) not null,
      object_id int not null,
      storage_key text not null unique,
      content_type varchar(100) not null,
      width int not null,
      height int not null,
      size int not null,
      is_active boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index images_object_idx on images (model, object_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table images`.execute(db);
}

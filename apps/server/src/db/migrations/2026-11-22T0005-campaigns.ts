// Campaigns: a clip played at locations in chosen zones between two dates, with optional targeting
// (daily time window, gender, age groups), and the locations each campaign goes to.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table campaigns (
      id serial primary key,
      sys_id varchar(20) generated always as ('CMP-' || lpad(id::text, 6, '0')) stored unique,
      name varchar(150) not null,
      videoclip_id int not null references videoclips(id),
      start_date date not null,
      end_date date not null,
      state smallint not null default 0,
      p_zones int[] not null default '{}',
      p_zones_overlay int[] not null default '{}',
      ordering int not null default 0,
      p_times_on boolean not null default false,
      p_start_time varchar(5),
      p_end_time varchar(5),
      p_gender_on boolean not null default false,
      p_gender char(1),
      p_age_on boolean not null default false,
      p_age int[],
      rejection_reason int,
      comments text not null default '',
      created_by int references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_date >= start_date)
    );
    create index campaigns_state_end_idx on campaigns (state, end_date, id);
    create index campaigns_name_idx on campaigns (name, id);
    create index campaigns_start_idx on campaigns (start_date, id);
    create index campaigns_videoclip_idx on campaigns (videoclip_id);
    create table campaign_locations (
      campaign_id int not null references campaigns(id) on delete cascade,
      location_id int not null references locations(id),
      primary key (campaign_id, location_id)
    );
    create index campaign_locations_location_idx on campaign_locations (location_id, campaign_id)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table campaign_locations, campaigns`.execute(db);
}

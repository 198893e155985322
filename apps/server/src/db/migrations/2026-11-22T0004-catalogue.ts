// The catalogue: locations (with managers, campaign managers, zones and devices), advertisers (with
// managers), products, uploaded videos and video clips. Pictures live in `images` (model, object_id).
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table locations (
      id serial primary key,
      sys_id varchar(20) generated always as ('LOC-' || lpad(id::text, 6, '0')) stored unique,
      name varchar(150) not null,
      address varchar(300) not null default '',
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );
    create index locations_name_idx on locations (name, id);
    create table location_managers (
      user_id int not null references users(id) on delete cascade,
      location_id int not null references locations(id) on delete cascade,
      primary key (user_id, location_id)
    );
    create index location_managers_location_idx on location_managers (location_id);
    create table location_campaign_managers (
      user_id int not null references users(id) on delete cascade,
      location_id int not null references locations(id) on delete cascade,
      primary key (user_id, location_id)
    );
    create index location_campaign_managers_location_idx on location_campaign_managers (location_id);
    create table location_zones (
      id serial primary key,
      location_id int not null references locations(id) on delete cascade,
      zone_number int not null,
      name varchar(50) not null,
      overlay_image_id int references images(id) on delete set null,
      unique (location_id, zone_number)
    );
    create table devices (
      id serial primary key,
      location_id int not null references locations(id),
      serial_number varchar(100) not null unique,
      device_type varchar(30) not null,
      token_hash char(64) not null unique,
      is_active boolean not null default true,
      last_status varchar(100),
      last_status_date timestamptz,
      created_at timestamptz not null default now()
    );
    create index devices_location_idx on devices (location_id, id);
    create table advertisers (
      id serial primary key,
      sys_id varchar(20) generated always as ('ADV-' || lpad(id::text, 6, '0')) stored unique,
      name varchar(150) not null,
      slug varchar(160) not null unique,
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );
    create index advertisers_name_idx on advertisers (name, id);
    create table advertiser_managers (
      user_id int not null references users(id) on delete cascade,
      advertiser_id int not null references advertisers(id) on delete cascade,
      primary key (user_id, advertiser_id)
    );
    create index advertiser_managers_advertiser_idx on advertiser_managers (advertiser_id);
    create table products (
      id serial primary key,
      sys_id varchar(20) generated always as ('PRD-' || lpad(id::text, 6, '0')) stored unique,
      name varchar(150) not null,
      slug varchar(160) not null unique,
      advertiser_id int not null references advertisers(id),
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );
    create index products_advertiser_idx on products (advertiser_id, id);
    create index products_name_idx on products (name, id);
    create table videos (
      id serial primary key,
      storage_key text not null unique,
      thumb_key text not null unique,
      preview_key text not null unique,
      file_name varchar(255) not null,
      content_type varchar(100) not null,
      size bigint not null,
      duration double precision not null,
      width int not null,
      height int not null,
      checksum char(64) not null,
      uploaded_by int references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create table videoclips (
      id serial primary key,
      sys_id varchar(20) generated always as ('CLP-' || lpad(id::text, 6, '0')) stored unique,
      name varchar(150) not null,
      product_id int not null references products(id),
      video_id int not null references videos(id),
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );
    create index videoclips_product_idx on videoclips (product_id, id);
    create index videoclips_name_idx on videoclips (name, id)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table videoclips, videos, products, advertiser_managers, advertisers, devices, location_zones,
    location_campaign_managers, location_managers, locations`.execute(db);
}

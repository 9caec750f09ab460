-- Assets with QR codes and safe tags (issue 17).
--
-- An asset is a physical thing of a company (a bench, a lamp post, a bus stop) with a QR code whose
-- link opens the public page /a/{uuid}: a citizen reads its custom message and reports about it; the
-- report carries the asset (asset_id) and the category it had then (asset_category_name, kept when the
-- asset is later edited or deleted), and its location is the asset's.
create table assets (
  id integer generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  company_id integer not null references companies(id) on delete cascade,
  category text not null,
  description text not null,
  custom_message text not null default '',
  external_url text,
  tags text[] not null default '{}',
  enabled boolean not null default true,
  latitude double precision not null,
  longitude double precision not null,
  address text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index assets_company_idx on assets (company_id, id);

alter table reports add column asset_id integer references assets(id) on delete set null;
alter table reports add column asset_category_name text;
create index reports_asset_idx on reports (asset_id) where asset_id is not null;

-- Safe tags: batches of printed codes a company hands out; a community user links one to their account
-- (a key ring, a backpack) and a finder who scans it writes to the owner through /t/{code} without
-- either seeing the other's contact data. States: unlinked → linked → unlinked …; disabled is final.
create table safetag_batches (
  id integer generated always as identity primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  size integer not null check (size > 0),
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index safetag_batches_company_idx on safetag_batches (company_id, id);

create table safetags (
  id integer generated always as identity primary key,
  company_id integer not null references companies(id) on delete cascade,
  batch_id integer not null references safetag_batches(id) on delete cascade,
  -- 80 random bits in Crockford base32 (16 characters): unguessable, unique across companies.
  code text not null unique,
  -- What the owner calls the tagged thing ("Llaves"), set when linking.
  name text,
  state text not null default 'unlinked' check (state in ('unlinked', 'linked', 'disabled')),
  user_id integer references users(id) on delete set null,
  linked_at timestamptz,
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  check (state <> 'linked' or user_id is not null)
);
create index safetags_batch_idx on safetags (company_id, batch_id, id);
create index safetags_user_idx on safetags (user_id) where user_id is not null;

-- A finder's message to a tag's owner: the owner reads it in the app (GET /api/app/safetags/messages);
-- the finder's address is never stored, only what they chose to write and an optional location.
create table safetag_messages (
  id integer generated always as identity primary key,
  safetag_id integer not null references safetags(id) on delete cascade,
  owner_user_id integer not null references users(id) on delete cascade,
  body text not null,
  latitude double precision,
  longitude double precision,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index safetag_messages_owner_idx on safetag_messages (owner_user_id, id desc);

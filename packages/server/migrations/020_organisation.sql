-- Organisation administration (issue 12): teams managed by admins, tag translations, sources, form
-- selector lists and custom dashboards.

-- A deleted team stays as a row so the reports assigned to it and their activity keep its name; it
-- leaves the lists and pickers and cannot be assigned again. Its name is free for a new team.
alter table teams add column deleted_at timestamptz;
alter table teams drop constraint teams_company_id_name_key;
create unique index teams_live_name_key on teams (company_id, lower(name)) where deleted_at is null;

-- Tag names are unique in a company letter case aside (the API answers 409 before this refuses a race).
alter table tags drop constraint tags_company_id_name_key;
create unique index tags_name_key on tags (company_id, lower(name));

-- Where a report came from (SPEC §3 Source).
create table sources (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create unique index sources_name_key on sources (company_id, lower(name));

-- Lists of options the dynamic forms pick from (SPEC §3 Form selector list): items is a JSON array of
-- {name}, names unique within the list (checked by the shared schema).
create table selector_lists (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  group_name text,
  items jsonb not null default '[]',
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);

-- Custom dashboards (SPEC §3): a name and a link shown embedded. origin is the link's origin, which the
-- portal's CSP frame-src lists (read by every server process from here).
create table custom_dashboards (
  company_id integer not null references companies(id) on delete cascade,
  id serial,
  name text not null,
  link text not null,
  origin text not null,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index custom_dashboards_origin_idx on custom_dashboards (origin);
